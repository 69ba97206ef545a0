import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { textRecognitionFiles } from "../../../web/text-recognition-plugin.ts";

/** The harness page's build: dist/ocr-harness, served like the app (tests/e2e/ocr-harness.ts). */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: { tsconfigPaths: true },
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../../../dist/ocr-harness", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
  },
  plugins: [textRecognitionFiles()],
});
