import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './logger.ts';
import { buildTestApp, TEST_DATABASES } from './testing/test-app.ts';

describe('redactUrl', () => {
  it.each([
    [
      '/api/omo/AddressLookup/Find?SearchTerm=290%20Bremner',
      '/api/omo/AddressLookup/Find?SearchTerm=[Redacted]',
    ],
    [
      '/api/omo/AddressLookup/Find?SearchTerm=111+Wellington&LastId=CA%7CA2&LanguagePreference=fr&MaxSuggestions=7',
      '/api/omo/AddressLookup/Find?SearchTerm=[Redacted]&LastId=[Redacted]&LanguagePreference=fr&MaxSuggestions=7',
    ],
    [
      '/api/omo/AddressLookup/Retrieve?Id=A1&LanguagePreference=en',
      '/api/omo/AddressLookup/Retrieve?Id=[Redacted]&LanguagePreference=en',
    ],
    ['/x?code=123456&jointCode=abc', '/x?code=[Redacted]&jointCode=[Redacted]'],
    ['/resume/open?token=abc', '/resume/open?token=[Redacted]'],
    ['/x?email=ada%40example.com&a=1', '/x?email=[Redacted]&a=[Redacted]'],
    ['/x?ada@example.com', '/x?[Redacted]'],
    ['/api/omo/GetProduct?prodCodes=2001;2002', '/api/omo/GetProduct?prodCodes=2001;2002'],
    ['/single/getstarted', '/single/getstarted'],
    ['/x?', '/x?'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('serializeError', () => {
  it('keeps of a database error only its SQLSTATE, where it failed and the stack frames', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "ada@example.com"'), {
      code: '22P02',
      severity: 'ERROR',
      routine: 'pg_strtoint32_safe',
      detail: 'Key (email)=(ada@example.com) already exists.',
      where: "unnamed portal parameter $1 = '...'",
      query: 'insert into applications (email) values ($1)',
      params: ['ada@example.com', '$argon2id$v=19$m=19456'],
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('database error 22P02');
    expect(logged).toContain('pg_strtoint32_safe');
    for (const leak of ['ada@example.com', 'argon2', 'insert into', 'Key (email)'])
      expect(logged).not.toContain(leak);
  });

  it('keeps an ordinary error’s message, code and cause, and drops any other field', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 5432,
    });
    const error = Object.assign(new Error('could not save', { cause }), { body: { password: 'Secr3t!' } });
    const logged = serializeError(error) as Record<string, unknown>;
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'could not save',
      cause: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED', port: 5432 },
    });
    expect(JSON.stringify(logged)).not.toContain('Secr3t!');
  });
});

describe('request log', () => {
  it('masks the address-search terms and address ids in logged URLs', async () => {
    const lines: string[] = [];
    const t = await buildTestApp(TEST_DATABASES[0]!, {
      env: { LOG_LEVEL: 'info' },
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    });
    try {
      const find = await t.app.inject(
        '/api/omo/AddressLookup/Find?SearchTerm=290%20Bremner&LanguagePreference=en',
      );
      expect(find.statusCode).toBe(200);
      const id = find.json<{ Items: { Id: string }[] }>().Items[0]!.Id;
      await t.app.inject(`/api/omo/AddressLookup/Find?SearchTerm=290&LastId=${encodeURIComponent(id)}`);
      await t.app.inject(`/api/omo/AddressLookup/Retrieve?Id=${encodeURIComponent(id)}`);
      const output = lines.join('');
      expect(output).toContain('SearchTerm=[Redacted]&LanguagePreference=en');
      expect(output).toContain('Retrieve?Id=[Redacted]');
      for (const leak of ['Bremner', 'SearchTerm=290', encodeURIComponent(id)])
        expect(output, leak).not.toContain(leak);
    } finally {
      await t.close();
    }
  });
});

describe('request id', () => {
  it('marks every line of a request with its id, and only that request’s lines', async () => {
    const lines: Record<string, unknown>[] = [];
    const t = await buildTestApp(TEST_DATABASES[0]!, {
      env: { LOG_LEVEL: 'info' },
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    });
    try {
      lines.length = 0;
      await t.app.inject('/api/omo/OnlineAccountList');
      await t.app.inject('/api/nowhere');
      t.app.log.info('not a request');
      const ids = lines.map((line) => line.reqId);
      // incoming and completed for the list; incoming, the 404's reason and completed for the other
      expect(ids.slice(0, 2)).toEqual([ids[0], ids[0]]);
      expect(ids.at(-2)).toBe(ids[2]);
      expect(new Set(ids.slice(0, -1)).size).toBe(2);
      expect(ids.slice(0, -1).every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
      expect(lines.at(-1)).not.toHaveProperty('reqId');
    } finally {
      await t.close();
    }
  });
});
