/**
 * The spawn alerts' name, on the boss page's button and the dialog's title. A module of its own: the button is in
 * the boss page's first download, and the dialog's words and rules (spawn-alert-state.ts) stay in its own chunk.
 */
export const SPAWN_ALERTS_TITLE = "Spawn alerts";
