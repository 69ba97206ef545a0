import { describe, expect, it } from "vitest";
import { hocrWords } from "./hocr-words.ts";

/** The shape of Tesseract's hOCR with lstm_choice_mode 2, cut down from a read of the closer look. */
const HOCR = `<div class='ocr_page' id='page_1' title='image "unknown"; bbox 0 0 285 704; ppageno 0; scan_res 70 70'>
 <div class='ocr_carea' id='block_1_1' title="bbox 28 22 255 679">
  <p class='ocr_par' id='par_1_1' lang='eng' title="bbox 28 22 255 679">
   <span class='ocr_line' id='line_1_1' title="bbox 28 22 199 73; baseline 0 0; x_size 62.6">
    <span class='ocrx_word' id='word_1_1' title='bbox 28 22 199 73; x_wconf 33'>XenO
     <span class='ocrx_cinfo' id='lstm_choices_1_1_1'>
      <span class='ocrx_cinfo' id='choice_1_1_1' title='x_confs 92.218918'>X</span>
      <span class='ocrx_cinfo' id='choice_1_1_2' title='x_confs 0'>x</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_1_2'>
      <span class='ocrx_cinfo' id='choice_1_1_3' title='x_confs 93.2'>e</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_1_3'>
      <span class='ocrx_cinfo' id='choice_1_1_4' title='x_confs 93.1'>n</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_1_4'>
      <span class='ocrx_cinfo' id='choice_1_1_5' title='x_confs 71.9'>0</span>
      <span class='ocrx_cinfo' id='choice_1_1_6' title='x_confs 76.5'>O</span>
      <span class='ocrx_cinfo' id='choice_1_1_7' title='x_confs 47.5'>o</span></span>
    </span>
   </span>
   <span class='ocr_line' id='line_1_2' title="bbox 28 95 180 140; baseline 0 0; x_size 60">
    <span class='ocrx_word' id='word_1_2' title='bbox 28 95 180 140; x_wconf 87'>&#39;T&amp;
     <span class='ocrx_cinfo' id='lstm_choices_1_2_1'>
      <span class='ocrx_cinfo' id='choice_1_2_1' title='x_confs 80'>&#39;</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_2_2'>
      <span class='ocrx_cinfo' id='choice_1_2_2' title='x_confs 94'>T</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_2_3'>
      <span class='ocrx_cinfo' id='choice_1_2_3' title='x_confs 70'>&amp;</span></span>
    </span>
   </span>
  </p>
 </div>
</div>`;

describe("hocrWords", () => {
  it("gives each word's box, confidence, text and glyph choices, likeliest first, without the zero ones", () => {
    const [xeno, second] = hocrWords(HOCR);
    expect(xeno).toEqual({
      text: "XenO",
      confidence: 33,
      box: { x0: 28, y0: 22, x1: 199, y1: 73 },
      choices: [
        [{ glyph: "X", confidence: 92.218918 }],
        [{ glyph: "e", confidence: 93.2 }],
        [{ glyph: "n", confidence: 93.1 }],
        [
          { glyph: "O", confidence: 76.5 },
          { glyph: "0", confidence: 71.9 },
          { glyph: "o", confidence: 47.5 },
        ],
      ],
    });
    expect(second?.text).toBe("'T&");
    expect(second?.choices.map((position) => position[0]?.glyph)).toEqual(["'", "T", "&"]);
  });

  it("gives each position's box when the page has them, the word's text then made of the positions' glyphs", () => {
    const withBoxes = `<span class='ocrx_word' id='word_1_1' title='bbox 28 22 120 73; x_wconf 90'>
     <span class='ocrx_cinfo' title='x_bboxes 28 22 74 73; x_conf 98.9'>K</span>
      <span class='ocrx_cinfo' id='lstm_choices_1_1_1'>
       <span class='ocrx_cinfo' id='choice_1_1_1' title='x_confs 92.2'>K</span></span>
     <span class='ocrx_cinfo' title='x_bboxes 78 33 120 73; x_conf 96.1'>5</span>
      <span class='ocrx_cinfo' id='lstm_choices_1_1_2'>
       <span class='ocrx_cinfo' id='choice_1_1_2' title='x_confs 80.5'>5</span>
       <span class='ocrx_cinfo' id='choice_1_1_3' title='x_confs 40.5'>S</span></span>
    </span>`;
    expect(hocrWords(withBoxes)).toEqual([
      {
        text: "K5",
        confidence: 90,
        box: { x0: 28, y0: 22, x1: 120, y1: 73 },
        choices: [
          [{ glyph: "K", confidence: 92.2 }],
          [
            { glyph: "5", confidence: 80.5 },
            { glyph: "S", confidence: 40.5 },
          ],
        ],
        glyphBoxes: [
          { x0: 28, y0: 22, x1: 74, y1: 73 },
          { x0: 78, y0: 33, x1: 120, y1: 73 },
        ],
      },
    ]);
  });

  it("reads nothing from a page without words", () => {
    expect(hocrWords("")).toEqual([]);
    expect(hocrWords("<div class='ocr_page' title='bbox 0 0 10 10'></div>")).toEqual([]);
  });
});
