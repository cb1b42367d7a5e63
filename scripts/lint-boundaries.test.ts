import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of docs/adding-a-screen.md are lint rules; these cases keep them from going quiet.
const eslint = new ESLint();

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps src/shared free of server, web and Node imports', async () => {
    const found = await messages(
      'src/shared/boundary-case.ts',
      "import { loadConfig } from '../server/lib/config.ts';\nimport fs from 'node:fs';\nexport const x = [loadConfig, fs];\n",
    );
    expect(found).toContain('src/shared is imported by both sides and imports only zod and itself');
    expect(found.some((m) => m.includes("'node:fs' import is restricted"))).toBe(true);
  });

  it('lets a server module reach another only through its index.ts, never its routes', async () => {
    const INDEX_ONLY = 'import another module through its index.ts (its public entry), not its files';
    const found = await messages(
      'src/server/modules/scenic/boundary-case.ts',
      "import { authRoutes } from '../auth/auth.routes.ts';\nimport { checkCredentials } from '../auth/auth.service.ts';\nexport const y = [authRoutes, checkCredentials];\n",
    );
    expect(found).toHaveLength(3);
    expect(found).toContain("a module may use another module's service, never its routes");
    expect(found.filter((m) => m.includes(INDEX_ONLY))).toHaveLength(2);
    expect(
      await messages(
        'src/server/modules/scenic/boundary-case.ts',
        "import { checkCredentials } from '../auth/index.ts';\nexport const y = checkCredentials;\n",
      ),
    ).toEqual([]);
    // a table may reference another module's table (a foreign key); tests set up through anything
    expect(
      await messages(
        'src/server/modules/scenic/boundary-case.table.ts',
        "import { admins } from '../accounts/accounts.table.ts';\nexport const t = admins;\n",
      ),
    ).toEqual([]);
    expect(
      await messages(
        'src/server/modules/scenic/boundary-case.test.ts',
        "import { hashPassword } from '../auth/password.ts';\nexport const t = hashPassword;\n",
      ),
    ).toEqual([]);
  });

  it('holds in a module’s subfolders: one more ../ leaves the module, ../sibling/ stays in it', async () => {
    const found = await messages(
      'src/server/modules/shop/orders/boundary-case.ts',
      "import { a } from '../catalog/shop-goods.service.ts';\nimport { b } from '../../auth/auth.service.ts';\nimport { c } from '../../auth/index.ts';\nexport const y = [a, b, c];\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'../../auth/auth.service.ts' import is restricted");
    expect(
      await messages(
        'src/server/modules/scenic/boundary-case.ts',
        "import { r } from '../shop/orders/shop-member.routes.ts';\nexport const y = r;\n",
      ),
    ).toContain("a module may use another module's service, never its routes");
  });

  it('keeps the HTTP layer below the modules, and the console away from server code', async () => {
    expect(
      await messages(
        'src/server/http/boundary-case.ts',
        "import { scenicAreas } from '../modules/scenic/scenic.table.ts';\nexport const z = scenicAreas;\n",
      ),
    ).toContain('the HTTP layer is below the modules; inject what it needs instead');
    expect(
      await messages(
        'src/web/boundary-case.ts',
        "import { ok } from '../server/http/envelope.ts';\nexport const w = ok;\n",
      ),
    ).toContain('the console reaches the server over HTTP only');
  });

  it('accepts the allowed directions', async () => {
    expect(
      await messages(
        'src/server/modules/scenic/boundary-case.ts',
        "import { AppError } from '../../http/errors.ts';\nimport { ADM_TYPE } from '../../../shared/dict/account.ts';\nexport const v = [AppError, ADM_TYPE];\n",
      ),
    ).toEqual([]);
  });
});
