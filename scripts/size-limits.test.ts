import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The size limits of eslint.config.js (issue 29): `npm run lint` fails a non-test file over 500
// lines or a function over 150. No file is excepted any more (the lists of issue 29's start are
// empty and gone); this case keeps the rule from going quiet.
describe('size limits', () => {
  it('holds a new source file to both limits, and leaves tests alone', async () => {
    const eslint = new ESLint();
    const body = Array.from({ length: 152 }, (_, i) => `  x += ${i};`).join('\n');
    const code = `export function long(): number {\n  let x = 0;\n${body}\n  return x;\n}\n`;
    const padded = code + '// padding\n'.repeat(501 - code.split('\n').length + 1);
    for (const dir of ['src/server/modules/scenic', 'src/web/modules/scenic', 'scripts']) {
      const [result] = await eslint.lintText(padded, { filePath: `${dir}/size-case.ts` });
      expect(result!.messages.map((m) => m.ruleId).sort(), dir).toEqual([
        'max-lines',
        'max-lines-per-function',
      ]);
    }
    const [test] = await eslint.lintText(padded, { filePath: 'src/server/modules/scenic/size-case.test.ts' });
    expect(test!.messages.map((m) => m.ruleId)).toEqual([]);
  });
});
