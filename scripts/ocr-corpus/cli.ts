/**
 * `npm run ocr:corpus [-- --out DIR --count N --seed S]`: generates the screenshot corpus (decision 082) into
 * test-output/ocr-corpus, or says it is already there for these arguments.
 */
import { parseArgs } from "node:util";
import { type Corpus, DEFAULT_CORPUS_DIR, DEFAULT_COUNT, DEFAULT_SEED, ensureOcrCorpus } from "./corpus.ts";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: DEFAULT_CORPUS_DIR },
    count: { type: "string", default: String(DEFAULT_COUNT) },
    seed: { type: "string", default: DEFAULT_SEED },
  },
});

let corpus: Corpus;
try {
  corpus = await ensureOcrCorpus({ out: values.out, count: Number(values.count), seed: values.seed });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const names = Object.values(corpus.truth).reduce((sum, shown) => sum + shown.length, 0);
const images = Object.keys(corpus.truth).length;
if (corpus.generated) {
  const perImage = corpus.renderMs / images;
  console.log(
    `Rendered ${images} images (${names} names) in ${(corpus.renderMs / 1000).toFixed(1)} s, ${perImage.toFixed(0)} ms an image, into ${corpus.dir}`,
  );
} else {
  console.log(
    `The corpus in ${corpus.dir} is up to date (${images} images, ${names} names, seed "${values.seed}")`,
  );
}
