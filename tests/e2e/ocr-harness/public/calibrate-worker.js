// The benchmark's yardstick (scripts/bench-ocr.ts): the same fixed loop timed in a Web Worker as on the page, to
// tell whether DevTools' CPU throttling slows the worker too.
self.onmessage = () => {
  const start = performance.now();
  let x = 0;
  for (let i = 0; i < 2e8; i++) x += i % 7;
  self.postMessage({ ms: performance.now() - start, x });
};
