// Query strings and error answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorText, query } from '../../Sources/AlbumScanServe/Page/js/api.js';

test('query strings: %20 for spaces, + kept as itself, empty values left out', () => {
  const cases = [
    [{}, ''],
    [{ limit: '50' }, 'limit=50'],
    [{ search: 'Velvet Circuit', method: '', verification: undefined }, 'search=Velvet%20Circuit'],
    [{ name: 'a+b & c.jpg', location: 'Bin 4' }, 'name=a%2Bb%20%26%20c.jpg&location=Bin%204'],
  ];
  for (const [pairs, text] of cases) assert.equal(query(pairs), text);
});

test("an error answer's message, else its status text", async () => {
  const answer = (body) => ({ statusText: 'Too Many Requests', json: async () => { if (body === undefined) throw new SyntaxError('x'); return body; } });
  assert.equal(await errorText(answer({ error: { code: 'rate-limited', message: 'the queue is full' } })), 'the queue is full');
  assert.equal(await errorText(answer({})), 'Too Many Requests');
  assert.equal(await errorText(answer(undefined)), 'Too Many Requests');
});
