/**
 * What a page promises when its fragment calls `app.get(…)` or `app.post(…)`: an Express
 * application whose `req.body` is the parsed JSON and whose `res.json` sends it with status 200.
 * The quickstart's server has no Express, so a fragment written that way runs on this stand-in,
 * put around the quickstart's own functions; requests the fragment does not route go to the
 * quickstart's `handle`, as they would if the reader kept the rest of the quickstart.
 */

/** Placed before the fragment: the `app` it registers its routes on. */
export const expressPrelude = `
import { createServer as createExpressLikeServer } from 'node:http';
const expressRoutes = new Map();
const app = {
  get: (path, handler) => expressRoutes.set('GET ' + path, handler),
  post: (path, handler) => expressRoutes.set('POST ' + path, handler),
};
`;

/** Placed after the fragment: serves its routes, and the quickstart's for the rest. */
export const expressListen = `
createExpressLikeServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    const path = new URL(req.url, 'http://localhost').pathname;
    const json = (value) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    try {
      const route = expressRoutes.get(req.method + ' ' + path);
      if (route) return route({ body: raw ? JSON.parse(raw) : {} }, { json });
      const reply = handle(req.method, path, raw);
      if (reply === undefined) return void res.writeHead(404).end();
      json(reply);
    } catch (err) {
      console.error(err);
      res.writeHead(500).end();
    }
  });
}).listen(Number(process.env.PORT));
`;

/** Whether a fragment is written against an Express `app`. */
export const usesExpress = (code: string) => /\bapp\.(get|post)\(/.test(code);
