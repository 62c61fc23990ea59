// Baseline for ingest-turtle: N3.js alone parsing the text (callback API), counting quads.
import { Parser } from 'n3';

export function parseTurtle(text) {
  return new Promise((resolve, reject) => {
    let quads = 0;
    new Parser({ format: 'text/turtle' }).parse(text, (error, quad) => {
      if (error) reject(error);
      else if (quad) quads += 1;
      else resolve(quads);
    });
  });
}
