/** Drop a file here or click to choose one: one .json or .csv file. */
import { FileUp } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { ACCEPTED_TYPES, checkFiles } from "./read-import-file.ts";

export function ImportDropzone({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  function take(files: File[]) {
    const problem = checkFiles(files);
    setError(problem);
    const [file] = files;
    if (!problem && file) onFile(file);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    take(Array.from(event.dataTransfer.files));
  }

  return (
    <div>
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-describedby={error ? errorId : undefined}
        data-testid="import-dropzone"
        className={`flex w-full flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-10 text-center transition-colors ${
          dragging ? "border-gold bg-gold/10" : "border-line bg-surface-raised/30 hover:border-gold/60"
        }`}
      >
        <FileUp className="size-10 text-gold" aria-hidden="true" />
        <span className="font-semibold text-ink">Drop a market data file here, or click to choose one</span>
        <span className="text-sm text-ink-muted">One .json or .csv file</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-label="Market data file"
        data-testid="import-file-input"
        onChange={(event) => {
          take(Array.from(event.target.files ?? []));
          event.target.value = "";
        }}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
