import fs from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  FILES_OVER_500_LINES,
  FUNCTIONS_OVER_150_LINES,
  NOT_SIZE_LIMITED,
  SIZE_LIMITED,
  SIZE_RULES,
} from '../eslint.config.js';

// The size limits of eslint.config.js are a ratchet (issue 29): `npm run lint` fails a new file
// over 500 lines or a new function over 150 anywhere else; this test keeps the lists of files that
// were over a limit when the rule came from going stale, so they can only shrink.

/** The limits alone, on for every file, listed or not. */
const measuring = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: SIZE_LIMITED,
      ignores: NOT_SIZE_LIMITED,
      languageOptions: { parser: tseslint.parser },
      rules: SIZE_RULES,
    },
  ],
});

const functionName = (message: string) =>
  message.match(/'([^']+)'/)?.[1] ?? (message.startsWith('Arrow') ? 'arrow function' : 'function');

async function overLimits(files: string[]) {
  const lines = new Set<string>();
  const functions: string[] = [];
  // no file listed: nothing to measure (ESLint would lint the whole folder for no pattern)
  if (!files.length) return { lines, functions };
  for (const result of await measuring.lintFiles(files)) {
    const file = result.filePath.slice(process.cwd().length + 1);
    for (const m of result.messages) {
      if (m.ruleId === 'max-lines') lines.add(file);
      else if (m.ruleId === 'max-lines-per-function') functions.push(`${file}: ${functionName(m.message)}`);
    }
  }
  return { lines, functions: functions.sort() };
}

const fileOf = (entry: string) => entry.split(': ')[0]!;
const listedFiles = [...new Set([...FILES_OVER_500_LINES, ...FUNCTIONS_OVER_150_LINES.map(fileOf)])];
const existing = listedFiles.filter((f) => fs.existsSync(f));
/** Every listed file, measured once. */
let measured: ReturnType<typeof overLimits> | undefined;
const measuredOnce = () => (measured ??= overLimits(existing));

describe('size limits (ratchet)', () => {
  it('lists each file once, and only files that exist', () => {
    expect(new Set(FILES_OVER_500_LINES).size).toBe(FILES_OVER_500_LINES.length);
    const gone = listedFiles.filter((f) => !fs.existsSync(f));
    expect(gone, 'remove these from eslint.config.js: they no longer exist').toEqual([]);
  });

  it('lists only files still over 500 lines', async () => {
    const { lines } = await measuredOnce();
    const fixed = FILES_OVER_500_LINES.filter((f) => existing.includes(f) && !lines.has(f));
    expect(fixed, 'no longer over 500 lines: remove from FILES_OVER_500_LINES in eslint.config.js').toEqual(
      [],
    );
  });

  it('lists exactly the functions over 150 lines of the listed files', async () => {
    const { functions } = await measuredOnce();
    const listed = FUNCTIONS_OVER_150_LINES.filter((f) => existing.includes(fileOf(f))).sort();
    const fixed = listed.filter((f) => !functions.includes(f));
    expect(
      fixed,
      'no longer over 150 lines: remove from FUNCTIONS_OVER_150_LINES in eslint.config.js',
    ).toEqual([]);
    const added = functions.filter((f) => !listed.includes(f));
    expect(
      added,
      'new functions over 150 lines in a listed file: split them (the list may only shrink)',
    ).toEqual([]);
  });

  it('holds a new file to both limits', async () => {
    const eslint = new ESLint();
    const body = Array.from({ length: 152 }, (_, i) => `  x += ${i};`).join('\n');
    const code = `export function long(): number {\n  let x = 0;\n${body}\n  return x;\n}\n`;
    const padded = code + '// padding\n'.repeat(501 - code.split('\n').length + 1);
    const [result] = await eslint.lintText(padded, { filePath: 'src/server/modules/scenic/size-case.ts' });
    expect(result!.messages.map((m) => m.ruleId).sort()).toEqual(['max-lines', 'max-lines-per-function']);
    const [test] = await eslint.lintText(padded, { filePath: 'src/server/modules/scenic/size-case.test.ts' });
    expect(test!.messages.map((m) => m.ruleId)).toEqual([]);
  });
});
