/**
 * The spawn alert's sound: two short tones made with WebAudio, so no audio file is downloaded or cached.
 * Browsers let a page start audio only after a tap; `unlockSpawnBeep` is called from the sound toggle's tap
 * (and from any later tap on the page), so a beep at spawn time can play even in a background tab.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Context =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

/** Creates or resumes the audio context; call from a user's tap. */
export function unlockSpawnBeep(): void {
  const ctx = audioContext();
  if (ctx?.state === "suspended") void ctx.resume().catch(() => {});
}

const TONES = [
  { at: 0, hz: 880 },
  { at: 0.22, hz: 1175 },
] as const;
const TONE_SECONDS = 0.18;
const VOLUME = 0.2;

/** Plays the beep; does nothing where audio is unavailable or still locked. */
export function playSpawnBeep(): void {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === "suspended") void ctx.resume().catch(() => {});
  const start = ctx.currentTime;
  for (const tone of TONES) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = tone.hz;
    // A quick fade in and out, so the tone does not click.
    gain.gain.setValueAtTime(0, start + tone.at);
    gain.gain.linearRampToValueAtTime(VOLUME, start + tone.at + 0.02);
    gain.gain.linearRampToValueAtTime(0, start + tone.at + TONE_SECONDS);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + tone.at);
    oscillator.stop(start + tone.at + TONE_SECONDS);
  }
}
