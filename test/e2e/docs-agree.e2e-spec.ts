import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The README and docs/ name contexts, environment variables and routes; each must still exist in
 * the code. (test/e2e/config-docs.e2e-spec.ts holds the configuration table to the variables the
 * configuration reads, both ways.)
 */
const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path, suffix);
    return path.endsWith(suffix) ? [path] : [];
  });
}

const documents = ['README.md', ...filesUnder('docs', '.md')];
const contexts = readdirSync(join(root, 'src', 'modules')).filter((name) =>
  statSync(join(root, 'src', 'modules', name)).isDirectory(),
);

/** Every route the controllers declare, as `METHOD /path/:param`. */
function declaredRoutes(): { method: string; segments: string[] }[] {
  const routes: { method: string; segments: string[] }[] = [];
  for (const file of filesUnder('src', '.controller.ts')) {
    const parts = read(file)
      .split(/(?=@Controller\()/)
      .slice(1);
    for (const part of parts) {
      const base = /^@Controller\('([^']*)'\)/.exec(part)?.[1] ?? '';
      for (const match of part.matchAll(/@(Get|Post|Put|Patch|Delete)\((?:'([^']*)')?\)/g)) {
        const path = [base, match[2] ?? ''].filter((piece) => piece !== '').join('/');
        routes.push({ method: match[1].toUpperCase(), segments: path.split('/') });
      }
    }
  }
  return routes;
}

/** A documented path's segments: `{id}`, `<id>`, `$ID`, `…` and `:id` stand for any one segment. */
function documentedPath(path: string): string[] {
  return path
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .split('/')
    .slice(1)
    .map((segment) => (/^(\{.*\}|<.*>|\$[A-Z_]+|…|:\w+)$/.test(segment) ? '*' : segment));
}

function matches(route: { segments: string[] }, path: string[]): boolean {
  return (
    route.segments.length === path.length &&
    route.segments.every((segment, i) => segment === path[i] || path[i] === '*' || segment.startsWith(':'))
  );
}

/** Paths the documents name: after an HTTP method, after a base URL, or after `$B` (the catalog's base). */
function documentedRoutes(): { where: string; method?: string; path: string }[] {
  const found: { where: string; method?: string; path: string }[] = [];
  for (const document of documents) {
    const text = read(document);
    for (const match of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s`)"',]*)/g))
      found.push({ where: document, method: match[1], path: match[2] });
    for (const match of text.matchAll(/(?<!B=)(?:\$BASE_URL|http:\/\/localhost:3000)(\/[^\s`)"'>]*)/g))
      found.push({ where: document, path: match[1] });
    for (const match of text.matchAll(/"\$B(\/[^\s"]*)"/g))
      found.push({ where: document, path: `/api/v1/public${match[1]}` });
  }
  return found;
}

/** Routes the app serves without a controller of ours. */
const FRAMEWORK_ROUTES = [['docs'], ['docs-json']];

describe('the documents agree with the code', () => {
  it('docs/architecture.md lists every context under src/modules, and no other', () => {
    const architecture = read('docs/architecture.md');
    const table = architecture.split('## Contexts and layers')[1].split('\n## ')[0];
    const tabled = [...table.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((match) => match[1]).sort();
    expect(tabled).toEqual([...contexts].sort());
    const overview = architecture.split('## Overview')[1].split('\n## ')[0];
    const listed = /under `src\/modules` \(([^)]*)\)/.exec(overview.replace(/\s+/g, ' '))![1];
    expect([...listed.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]).sort()).toEqual([...contexts].sort());
  });

  it('every context a document names in `src/modules/<context>` exists', () => {
    for (const document of documents) {
      for (const match of read(document).matchAll(/src\/modules\/([a-z-]+)/g)) {
        expect({ document, context: match[1], exists: contexts.includes(match[1]) }).toEqual({
          document,
          context: match[1],
          exists: true,
        });
      }
    }
  });

  it('every route the documents name is served', () => {
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const documented = documentedRoutes();
    expect(documented.length).toBeGreaterThan(20);
    const missing = documented.filter(({ method, path }) => {
      const segments = documentedPath(path);
      if (segments.length === 0 || FRAMEWORK_ROUTES.some((route) => matches({ segments: route }, segments)))
        return false;
      return !routes.some((route) => (method === undefined || route.method === method) && matches(route, segments));
    });
    expect(missing).toEqual([]);
  });

  it('every environment variable a document names in `NAME=` or the configuration table is read', () => {
    const read_ = new Set<string>();
    const sources = [...filesUnder('src', '.ts'), ...filesUnder('bench', '.js'), ...filesUnder('scripts', '.js')];
    for (const file of sources) {
      for (const match of read(file).matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)\b/g)) read_.add(match[1]);
    }
    const named: { document: string; variable: string }[] = [];
    for (const document of documents) {
      const text = read(document);
      for (const match of text.matchAll(/(?:^|[\s`(])(?:export )?([A-Z][A-Z0-9_]*)=/gm))
        named.push({ document, variable: match[1] });
    }
    // The documents' own shell variables, and forge's.
    const notOurs = new Set(['BASE_URL', 'API_KEY', 'ACCOUNT_ID', 'DEPLOYMENT_ID', 'B']);
    const unread = named.filter(
      ({ variable }) =>
        !notOurs.has(variable) &&
        !variable.startsWith('FOUNDRY_') &&
        !read_.has(variable) &&
        !/^RPC_URL_\d+$/.test(variable),
    );
    expect(unread.map(({ document, variable }) => `${relative(root, join(root, document))}: ${variable}`)).toEqual([]);
  });
});
