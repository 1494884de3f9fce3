import { describe, expect, it } from "vitest";
import {
  RATING_INPUT_FIELD_NAMES,
  RATING_INPUT_FIELDS,
  type RatingInput,
  type RatingInputFieldName,
  ratingInputFieldNumber,
  readRatingInputField,
} from "./input";

describe("readRatingInputField", () => {
  it("reads every rating input by its field number, and nothing for a number no field has", () => {
    // A distinct value in every field, so a case reading the wrong property cannot go unnoticed.
    const input = Object.fromEntries(
      RATING_INPUT_FIELD_NAMES.map((name, index) => [name, `value of ${name} (${index})`]),
    ) as unknown as RatingInput;
    expect(RATING_INPUT_FIELD_NAMES).toEqual(Object.keys(RATING_INPUT_FIELDS));
    for (const name of RATING_INPUT_FIELD_NAMES) {
      expect(readRatingInputField(input, ratingInputFieldNumber(name))).toBe(input[name]);
    }
    expect(readRatingInputField(input, RATING_INPUT_FIELD_NAMES.length)).toBeUndefined();
    expect(readRatingInputField(input, -1)).toBeUndefined();
  });

  it("refuses a name that is not a rating input", () => {
    expect(() => ratingInputFieldNumber("constructor" as RatingInputFieldName)).toThrow(RangeError);
  });
});
