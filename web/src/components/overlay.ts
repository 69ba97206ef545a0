/**
 * The dimmed backdrop behind every dialog and sheet. Its own module so the sheets take the class without the
 * dialog code; dialogs opened from a dialog stack by document order on the same layer.
 */
export const overlayClass = "fixed inset-0 z-50 bg-black/60 backdrop-blur-sm";
