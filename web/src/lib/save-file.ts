/** The one way the app hands a file to the browser as a download: a backup, a CSV, a report. */

/** Saves `file` on this device under `fileName`. */
export function saveFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled; a large backup may take a moment to be taken.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
