// The dependency rules of docs/architecture.md, checked on every `npm run lint`:
// - domain/ imports no Nest, Express, pg, and TypeORM only as a type (the handle of an open
//   database transaction a repository port takes), and nothing from its context's outer layers;
// - application/ imports no api/ or infrastructure/, of its own context or another;
// - a context imports another context's application/ only (plus: a module file imports another
//   context's module to wire them; a domain type may be imported as a type; controllers use the
//   deployments context's access guard, the HTTP door every deployment- and account-scoped route
//   shares). Flat contexts without layers (catalog, health) are public as a whole.
// Imports are resolved from the importing file, so `../../x/domain/y` and `../domain/y` are judged
// by where they land, not by how they are spelled.
'use strict';
const path = require('node:path');

const MODULES = path.join(__dirname, '..', 'src', 'modules');
const SHARED = path.join(__dirname, '..', 'src', 'shared');
const LAYERS = new Set(['domain', 'application', 'infrastructure', 'api']);
const ACCESS_GUARDS = new Set(['deployments/api/access.guard']);

/** Where a file sits: its context and layer ('module' for `<context>.module.ts`, 'root' for other files outside a layer folder). */
function locate(file) {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  if (parts.length < 2) return undefined;
  const [context, second] = parts;
  const layer = LAYERS.has(second) ? second : /\.module(\.ts)?$/.test(second) && parts.length === 2 ? 'module' : 'root';
  return { context, layer, key: parts.join('/').replace(/\.ts$/, '') };
}

function isLayered(context) {
  try {
    return require('node:fs')
      .readdirSync(path.join(MODULES, context))
      .some((entry) => LAYERS.has(entry));
  } catch {
    return true;
  }
}

const FORBIDDEN_IN_DOMAIN = /^(@nestjs\/|express$|pg$|typeorm\/)/;

/** The reason this import breaks a rule, or undefined. */
function violation(fromFile, source, typeOnly) {
  const from = locate(fromFile);
  if (from === undefined) return undefined;
  if (!source.startsWith('.')) {
    if (from.layer !== 'domain') return undefined;
    if (FORBIDDEN_IN_DOMAIN.test(source))
      return `domain/ must not import ${source} (no framework, HTTP or ORM in the domain)`;
    if (source === 'typeorm' && !typeOnly) return 'domain/ may import typeorm only as a type (`import type`)';
    return undefined;
  }
  const target = path.resolve(path.dirname(fromFile), source);
  const sharedRelative = path.relative(SHARED, target);
  if (!sharedRelative.startsWith('..')) {
    const sharedLayer = sharedRelative.split(path.sep)[0];
    if (from.layer === 'domain' && sharedLayer !== 'domain')
      return `domain/ must not import shared/${sharedLayer} (only shared/domain)`;
    if (from.layer === 'application' && sharedLayer === 'infrastructure')
      return 'application/ must not import shared/infrastructure (SQL stays behind repository ports)';
    return undefined;
  }
  const to = locate(target);
  if (to === undefined) return undefined;
  const own = to.context === from.context;
  if (own) {
    if (from.layer === 'domain' && ['application', 'infrastructure', 'api', 'module'].includes(to.layer))
      return `domain/ must not import its context's ${to.layer === 'module' ? 'module' : `${to.layer}/`}`;
    if (from.layer === 'application' && (to.layer === 'api' || to.layer === 'infrastructure'))
      return `application/ must not import ${to.layer}/ (use a port in domain/, or map in api/)`;
    return undefined;
  }
  // Another context.
  if (from.layer === 'application' && (to.layer === 'api' || to.layer === 'infrastructure'))
    return `application/ must not import ${to.context}/${to.layer}/`;
  if (from.layer === 'domain' && !(typeOnly && (to.layer === 'domain' || !isLayered(to.context))))
    return `domain/ must not import another context (${to.context}) except its domain types with \`import type\``;
  if (to.layer === 'application') return undefined;
  if (!isLayered(to.context)) return undefined;
  if (to.layer === 'module' && from.layer === 'module') return undefined;
  if (to.layer === 'domain' && typeOnly) return undefined;
  if (ACCESS_GUARDS.has(to.key) && from.layer === 'api') return undefined;
  return `${from.context}/ may import ${to.context}/ only through its application/ (found ${to.key})`;
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Layer and bounded-context import boundaries (docs/architecture.md)' },
    schema: [],
    messages: { boundary: '{{reason}}' },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const check = (node, sourceNode, typeOnly) => {
      if (sourceNode?.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const reason = violation(file, sourceNode.value, typeOnly);
      if (reason !== undefined) context.report({ node, messageId: 'boundary', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node, node.moduleReference.expression, node.importKind === 'type'),
    };
  },
};

/** Flat-config block: every file under src/modules. */
const config = {
  files: ['src/modules/**/*.ts'],
  plugins: { boundaries: { rules: { layers: rule } } },
  rules: { 'boundaries/layers': 'error' },
};

module.exports = { config, rule, violation };
