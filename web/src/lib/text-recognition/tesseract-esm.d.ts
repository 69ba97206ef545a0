/**
 * tesseract.js's own ES module build: the same library as its CommonJS entry, already bundled, so the build adds no
 * CommonJS interop to the runtime every chunk shares (which would grow every public page's first download).
 */
declare module "tesseract.js/dist/tesseract.esm.min.js" {
  import type Tesseract from "tesseract.js";

  const tesseract: typeof Tesseract;
  export default tesseract;
}
