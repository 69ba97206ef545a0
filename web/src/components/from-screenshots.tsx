/**
 * "From screenshots" (decision 083): the officer gives 1-5 screenshots of the game's party or guild list (a
 * file, the camera, or a paste); text recognition reads them on this device, in a Web Worker, and each read
 * is matched to the roster. The dialog shows three groups: on the roster (ticked), check these (pick among the
 * suggestions) and not on the roster (ignored unless the officer says who it is). "Add N to participants"
 * adds what is chosen to the participant picker's selection, where everything stays editable.
 *
 * The recognition code and its language data load on the first use only (never in a page's first download)
 * and the service worker keeps them, so it works offline afterwards.
 */
import { Camera, ChevronDown, ImagePlus, ScanText } from "lucide-react";
import { type ClipboardEvent, useMemo, useRef, useState } from "react";
import type { RecognisedLine, RosterMatch } from "@shared/ocr/match-roster.ts";
import type { RecognitionProgress } from "@web/lib/text-recognition/recognise-images.ts";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";
import {
  acceptScreenshots,
  addLabel,
  CHOOSE_SCREENSHOTS,
  chosenNames,
  ENGINE_NOT_CACHED,
  FROM_SCREENSHOTS,
  FROM_SCREENSHOTS_HINT,
  firstChoices,
  IGNORE,
  MATCHED,
  MAX_SCREENSHOTS,
  NOTHING_READ,
  PASTE_HINT,
  READ_FAILED,
  readAs,
  readingLabel,
  type ScreenshotChoices,
  TAKE_PHOTO,
  toggled,
  UNCERTAIN,
  UNCERTAIN_HINT,
  UNKNOWN,
  UNKNOWN_HINT,
  withChoice,
} from "./from-screenshots-model.ts";
import type { PickerMember } from "./participant-picker-model.ts";

interface Reader {
  recognise: typeof import("@web/lib/text-recognition/recognise-images.ts").recogniseImages;
  match: typeof import("@shared/ocr/match-roster.ts").matchRoster;
  /** The engine's message when its files cannot be loaded (offline before the first use). */
  unavailable: string;
}

let reader: Promise<Reader> | undefined;

/** The recognition engine and the matcher, loaded once on first use. */
function loadReader(): Promise<Reader> {
  reader ??= Promise.all([
    import("@web/lib/text-recognition/recognise-images.ts"),
    import("@shared/ocr/match-roster.ts"),
  ]).then(([engine, matcher]) => ({
    recognise: engine.recogniseImages,
    match: matcher.matchRoster,
    unavailable: engine.RECOGNITION_UNAVAILABLE,
  }));
  // A failed load (offline before the first use) is tried again next time.
  reader.catch(() => {
    reader = undefined;
  });
  return reader;
}

type Progress = RecognitionProgress;

interface Read {
  /** Each screenshot read so far: its file and the lines read on it. */
  screenshots: { file: File; url: string; lines: RecognisedLine[] }[];
  /** Every line read so far matched to the roster, and the officer's choices over that match. */
  match: RosterMatch | null;
  choices: ScreenshotChoices;
}

const EMPTY_READ: Read = {
  screenshots: [],
  match: null,
  choices: { matched: new Set(), uncertain: new Map(), unknown: new Map() },
};

type ChoicesUpdate = (update: (current: ScreenshotChoices) => ScreenshotChoices) => void;

/** What the officer reads when reading failed: the files not stored yet (offline), or the engine's reason. */
function failureOf(error: unknown, unavailable: string | undefined): string {
  const message = error instanceof Error ? error.message : "";
  if (unavailable === undefined || message === unavailable) return ENGINE_NOT_CACHED;
  return message ? `${READ_FAILED} ${message}` : READ_FAILED;
}

/** Reads `files` after the screenshots already read, and matches every line read to the roster again. */
function useScreenshotReader(rosterNames: readonly string[]) {
  const [read, setRead] = useState<Read>(EMPTY_READ);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const abort = useRef<AbortController | null>(null);

  const readFiles = async (files: readonly File[]) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setProblem(undefined);
    setProgress({ image: 1, images: files.length, fraction: 0 });
    let unavailable: string | undefined;
    try {
      const { recognise, match, unavailable: engineMessage } = await loadReader();
      unavailable = engineMessage;
      const lines = await recognise(files, {
        onProgress: setProgress,
        signal: controller.signal,
        // The words close to two roster names are read again, larger, and their lookalike glyphs alone.
        roster: rosterNames,
      });
      if (controller.signal.aborted) return;
      setRead((current) => {
        const screenshots = [
          ...current.screenshots,
          ...files.map((file, i) => ({ file, url: URL.createObjectURL(file), lines: lines[i] ?? [] })),
        ];
        // A new match starts from its own first choices: every matched name ticked, nothing else.
        const matched = match(
          screenshots.flatMap((s) => s.lines),
          rosterNames,
        );
        return { screenshots, match: matched, choices: firstChoices(matched) };
      });
    } catch (error) {
      // A reader that did not even load (its chunk unreachable) is the files not stored yet, like the engine's.
      if (!controller.signal.aborted) setProblem(failureOf(error, unavailable));
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setProgress(null);
      }
    }
  };

  const reset = () => {
    abort.current?.abort();
    abort.current = null;
    setProgress(null);
    setProblem(undefined);
    setRead((current) => {
      for (const s of current.screenshots) URL.revokeObjectURL(s.url);
      return EMPTY_READ;
    });
  };

  const setChoices: ChoicesUpdate = (update) =>
    setRead((current) => ({ ...current, choices: update(current.choices) }));

  return { read, progress, problem, setProblem, readFiles, reset, setChoices };
}

function ProgressLine({ progress }: { progress: Progress }) {
  return (
    <div className="flex flex-col gap-2" role="status">
      <p className="text-sm text-ink">{readingLabel(progress.image, progress.images)}</p>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-gold"
        max={1}
        value={progress.fraction}
        aria-label="Reading screenshots"
      />
    </div>
  );
}

/** The file picker, the camera and the paste target. */
function ScreenshotInputs({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const pick = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length > 0) onFiles(files);
  };
  const inputClass = "sr-only";
  const labelClass =
    "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm " +
    "font-semibold has-focus-visible:ring-2 has-focus-visible:ring-gold";
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-[1fr_auto] gap-2">
        <label
          className={`${labelClass} bg-gold text-gold-ink hover:bg-gold-strong ${disabled ? "pointer-events-none opacity-60" : ""}`}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          {CHOOSE_SCREENSHOTS}
          <input
            type="file"
            accept="image/*"
            multiple
            disabled={disabled}
            className={inputClass}
            onChange={pick}
          />
        </label>
        <label
          className={`${labelClass} border border-line bg-surface-raised text-ink hover:border-gold/60 ${disabled ? "pointer-events-none opacity-60" : ""}`}
        >
          <Camera className="size-4" aria-hidden="true" />
          {TAKE_PHOTO}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            disabled={disabled}
            className={inputClass}
            onChange={pick}
          />
        </label>
      </div>
      <p className="text-xs text-ink-muted">{PASTE_HINT}</p>
    </div>
  );
}

function GroupHeading({ title, count, hint }: { title: string; count: number; hint?: string }) {
  return (
    <div className="mb-2">
      <h3 className="text-sm font-semibold text-ink">
        {title} <span className="font-normal text-ink-muted">({count})</span>
      </h3>
      {hint ? <p className="text-xs text-ink-muted">{hint}</p> : null}
    </div>
  );
}

const rowClass = "flex min-h-11 min-w-0 items-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm";

/** What each group shows and changes: the match and the officer's choices over it. */
interface GroupProps {
  match: RosterMatch;
  choices: ScreenshotChoices;
  setChoices: ChoicesUpdate;
}

function MatchedGroup({ match, choices, setChoices }: GroupProps) {
  if (match.matched.length === 0) return null;
  return (
    <section aria-label={MATCHED}>
      <GroupHeading title={MATCHED} count={match.matched.length} />
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {match.matched.map((m) => {
          const checked = choices.matched.has(m.name);
          return (
            <li key={m.name}>
              <label
                className={`${rowClass} cursor-pointer ${checked ? "border-gold/70 bg-gold/10 text-ink" : "border-line text-ink-muted"}`}
              >
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-gold"
                  checked={checked}
                  onChange={() => setChoices((c) => ({ ...c, matched: toggled(c.matched, m.name) }))}
                />
                <span className="min-w-0">
                  <span className="block truncate">{m.name}</span>
                  {m.read.trim() === m.name ? null : (
                    <span className="block truncate text-xs text-ink-muted">{readAs(m.read)}</span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function UncertainGroup({ match, choices, setChoices }: GroupProps) {
  if (match.uncertain.length === 0) return null;
  return (
    <section aria-label={UNCERTAIN}>
      <GroupHeading title={UNCERTAIN} count={match.uncertain.length} hint={UNCERTAIN_HINT} />
      <ul className="flex flex-col gap-2">
        {match.uncertain.map((u, index) => {
          const picked = choices.uncertain.get(index);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read may repeat; its place in the list is its identity.
            <li key={index} className="rounded-lg border border-line p-2">
              <p className="mb-1.5 text-xs text-ink-muted">{readAs(u.read)}</p>
              <fieldset className="flex flex-wrap gap-1.5">
                <legend className="sr-only">Who is "{u.read}"?</legend>
                {u.suggestions.map((s) => (
                  <button
                    key={s.name}
                    type="button"
                    aria-pressed={picked === s.name}
                    onClick={() =>
                      setChoices((c) => ({
                        ...c,
                        uncertain: withChoice(c.uncertain, index, picked === s.name ? undefined : s.name),
                      }))
                    }
                    className={`min-h-11 rounded-full border px-3 text-sm ${
                      picked === s.name
                        ? "border-gold bg-gold/15 font-semibold text-ink"
                        : "border-line text-ink-muted hover:border-gold/60 hover:text-ink"
                    }`}
                  >
                    {s.name}
                  </button>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function UnknownGroup({ match, roster, choices, setChoices }: GroupProps & { roster: readonly string[] }) {
  if (match.unknown.length === 0) return null;
  // Folded at first: a game's screen carries many words that are no one (class names, buttons, chat), and each is
  // ignored unless the officer opens the group and says who it is.
  return (
    <details aria-label={UNKNOWN} className="group rounded-lg border border-line">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 py-2">
        <span>
          <span className="text-sm font-semibold text-ink">
            {UNKNOWN} <span className="font-normal text-ink-muted">({match.unknown.length})</span>
          </span>
          <span className="block text-xs text-ink-muted">{UNKNOWN_HINT}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-ink-muted group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul className="flex flex-col gap-2 border-t border-line p-2">
        {match.unknown.map((u, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read may repeat; its place in the list is its identity.
          <li key={index} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-center gap-2">
            <span className="truncate text-sm text-ink-muted">"{u.read}"</span>
            <select
              aria-label={`Who is "${u.read}"?`}
              className="min-h-11 min-w-0 rounded-lg border border-line bg-surface px-2 text-sm text-ink"
              value={choices.unknown.get(index) ?? ""}
              onChange={(e) =>
                setChoices((c) => ({
                  ...c,
                  unknown: withChoice(c.unknown, index, e.target.value || undefined),
                }))
              }
            >
              <option value="">{IGNORE}</option>
              {roster.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function FromScreenshots({
  members,
  onAdd,
  disabled = false,
}: {
  /** The roster the reads are matched to: every character who can take part (mains and alts). */
  members: readonly PickerMember[];
  /** Adds the chosen names to the participants. */
  onAdd: (names: string[]) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const roster = useMemo(
    () => members.map((m) => m.playerName).sort((a, b) => a.localeCompare(b)),
    [members],
  );
  const { read, progress, problem, setProblem, readFiles, reset, setChoices } = useScreenshotReader(roster);
  const [notice, setNotice] = useState<string | undefined>();
  const { match, choices } = read;

  const onFiles = (incoming: readonly File[]) => {
    const check = acceptScreenshots(
      read.screenshots.map((s) => s.file),
      incoming,
    );
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setNotice(check.notice);
    const fresh = check.files.slice(read.screenshots.length);
    if (fresh.length > 0) void readFiles(fresh);
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0 || progress) return;
    event.preventDefault();
    onFiles(files);
  };
  const names = match ? chosenNames(match, choices) : [];
  const reading = progress !== null;

  const onOpenChange = (next: boolean) => {
    if (!next) {
      reset();
      setNotice(undefined);
    }
    setOpen(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={FROM_SCREENSHOTS}
      description={FROM_SCREENSHOTS_HINT}
      trigger={
        <Button variant="secondary" disabled={disabled} className="w-full sm:w-auto">
          <ScanText className="size-4" aria-hidden="true" />
          {FROM_SCREENSHOTS}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={names.length === 0 || reading}
            onClick={() => {
              onAdd(names);
              onOpenChange(false);
            }}
          >
            {addLabel(names.length)}
          </Button>
        </>
      }
    >
      {/* A paste anywhere in the dialog's body adds a screenshot. */}
      <div className="flex flex-col gap-4" onPaste={onPaste}>
        {read.screenshots.length < MAX_SCREENSHOTS ? (
          <ScreenshotInputs disabled={reading} onFiles={onFiles} />
        ) : null}
        {read.screenshots.length > 0 ? (
          <ul className="flex gap-2 overflow-x-auto" aria-label="Screenshots read">
            {read.screenshots.map((s) => (
              <li key={s.url} className="shrink-0">
                <img src={s.url} alt={s.file.name} className="h-20 w-auto rounded border border-line" />
              </li>
            ))}
          </ul>
        ) : null}
        {progress ? <ProgressLine progress={progress} /> : null}
        {problem ? (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
        {notice ? <p className="text-sm text-ink-muted">{notice}</p> : null}
        {match && !reading ? (
          match.matched.length + match.uncertain.length + match.unknown.length === 0 ? (
            <p className="text-sm text-ink-muted">{NOTHING_READ}</p>
          ) : (
            <>
              <MatchedGroup match={match} choices={choices} setChoices={setChoices} />
              <UncertainGroup match={match} choices={choices} setChoices={setChoices} />
              <UnknownGroup match={match} roster={roster} choices={choices} setChoices={setChoices} />
            </>
          )
        ) : null}
      </div>
    </Dialog>
  );
}
