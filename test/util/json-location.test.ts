import { describe, expect, it } from 'vitest';
import { jsonErrorLocation, jsonPathLocation, locateOffset } from '../../src/util/json-location.ts';

/** The error `JSON.parse` throws on `text`. */
function parseError(text: string): Error {
  try {
    JSON.parse(text);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the text not to parse');
}

describe('locateOffset', () => {
  it('gives 1-based lines and columns', () => {
    const text = 'ab\ncd\n\nef';
    expect(locateOffset(text, 0)).toEqual({ line: 1, column: 1 });
    expect(locateOffset(text, 2)).toEqual({ line: 1, column: 3 });
    expect(locateOffset(text, 3)).toEqual({ line: 2, column: 1 });
    expect(locateOffset(text, 7)).toEqual({ line: 4, column: 1 });
    expect(locateOffset(text, 8)).toEqual({ line: 4, column: 2 });
  });
});

describe('jsonErrorLocation', () => {
  it("places Node's own JSON.parse errors at the character they name", () => {
    const text = '{\n  "label": "Guides",\n  "position": 2,\n}';
    // Node 20 says "at position N", newer ones "(line L column C)": either gives the same place.
    expect(jsonErrorLocation(text, parseError(text))).toEqual({ line: 4, column: 1 });
  });

  it('reads both message shapes, and gives nothing when the message has no position', () => {
    expect(jsonErrorLocation('{}', new Error('Unexpected token } in JSON (line 2 column 5)'))).toEqual({ line: 2, column: 5 });
    expect(jsonErrorLocation('[\n1,\n]', new Error('Unexpected token ] in JSON at position 5'))).toEqual({ line: 3, column: 1 });
    expect(jsonErrorLocation('{}', new Error('Unexpected end of JSON input'))).toBeUndefined();
  });
});

describe('jsonPathLocation', () => {
  it('finds the key a path names, not a value with the same text', () => {
    const text = '{\n  "title": "link",\n  "link": { "type": "doc" }\n}';
    expect(jsonPathLocation(text, ['link'])).toEqual({ line: 3, column: 3 });
    expect(jsonPathLocation(text, ['link', 'type'])).toEqual({ line: 3, column: 13 });
    expect(jsonPathLocation(text, ['missing'])).toBeUndefined();
  });

  // Issue #38 › 5: a key regex put a bad top-level `description` at the nested one's line.
  it('tells a top-level key from a nested one of the same name', () => {
    const text = '{\n  "link": {\n    "type": "generated-index",\n    "description": "Nested"\n  },\n  "description": 12\n}';
    expect(jsonPathLocation(text, ['description'])).toEqual({ line: 6, column: 3 });
    expect(jsonPathLocation(text, ['link', 'description'])).toEqual({ line: 4, column: 5 });
  });

  it('takes a key with pattern characters literally, reaches array items, and stops where the path leaves the text', () => {
    expect(jsonPathLocation('{ "a.b": 1, "aXb": 2 }', ['a.b'])).toEqual({ line: 1, column: 3 });
    expect(jsonPathLocation('{ "aXb": 2 }', ['a.b'])).toBeUndefined();
    expect(jsonPathLocation('{\n  "items": [\n    1,\n    "two"\n  ]\n}', ['items', 1])).toEqual({ line: 4, column: 5 });
    // The deepest part that exists: the key of `link` when `link.slug` is missing.
    expect(jsonPathLocation('{ "link": {} }', ['link', 'slug'])).toEqual({ line: 1, column: 3 });
    expect(jsonPathLocation('{ not json', ['x'])).toBeUndefined();
  });
});
