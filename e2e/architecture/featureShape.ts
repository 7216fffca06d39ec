import ts from 'typescript';
import { importedPath } from './importGraph';

// One shape for every feature of the core (README, "One name per feature"), so that each reads the same way:
// `<name>Feature.ts` is the entry, composing what the feature registers; its requests are answered in
// `*Handlers.ts` files; `app/` reaches the feature through the entry alone.

export const FEATURES_DIR = 'electron/core/features/';
const APP_DIR = 'electron/core/app/';

/** A source file of the repo (tests left out), by its repo path. */
export interface SourceText {
  path: string;
  text: string;
}

/** The feature a path is in (`electron/core/features/<name>/…`), or null. */
function featureOf(path: string): string | null {
  if (!path.startsWith(FEATURES_DIR)) return null;
  const [name, ...rest] = path.slice(FEATURES_DIR.length).split('/');
  return name && rest.length > 0 ? name : null;
}

const entryOf = (name: string): string => `${FEATURES_DIR}${name}/${name}Feature.ts`;

/** Request handlers live in files named `*Handlers.ts` or under a `handlers/` folder of the feature. */
const isHandlersFile = (path: string): boolean => /Handlers\.ts$/.test(path) || /\/handlers\//.test(path);

/** The names an object literal's properties are written with (`a:`, `a,`, `'a.b':`, `'a.b'() {}`). */
function propertyNames(node: ts.ObjectLiteralExpression): string[] {
  return node.properties.flatMap((property) => {
    if (ts.isShorthandPropertyAssignment(property)) return [property.name.text];
    if (!ts.isPropertyAssignment(property) && !ts.isMethodDeclaration(property)) return [];
    const { name } = property;
    return ts.isIdentifier(name) || ts.isStringLiteral(name) ? [name.text] : [];
  });
}

/** Every object literal of a file, with the names of its properties. */
function objectLiterals(file: SourceText): string[][] {
  // Parsing is the slow part: a file with neither a `handlers` key nor a quoted dotted name has nothing to find.
  if (!/handlers|'\w+\.[\w.]+'/.test(file.text)) return [];
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[][] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) found.push(propertyNames(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What a file imports, as repo paths without an extension. */
function importsOf(file: SourceText): string[] {
  const { importedFiles } = ts.preProcessFile(file.text, true, true);
  return importedFiles.flatMap(({ fileName }) => importedPath(file.path, fileName) ?? []);
}

/**
 * Where the core's features break their shape, one sentence each (empty when none does):
 * - every `features/<name>/` has its entry `<name>Feature.ts`;
 * - no other file of a feature builds what the router and the hub are given (an object with `handlers` and
 *   `pollers`, a `Feature`): the entry is the one place that says what the feature registers;
 * - a request channel of the contract is answered only in a `*Handlers.ts` file (or under `handlers/`);
 * - `app/` imports a feature's entry only, never a file inside it.
 * A `cli/` folder, services and slices are free to take any name that says what they are.
 */
export function featureShapeProblems(files: SourceText[], channels: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const paths = new Set(files.map((file) => file.path));
  const features = new Set(files.flatMap((file) => featureOf(file.path) ?? []));
  for (const name of features) {
    if (!paths.has(entryOf(name)))
      problems.push(`features/${name} has no ${name}Feature.ts, the entry that composes what it registers`);
  }
  for (const file of files) {
    const name = featureOf(file.path);
    if (name) {
      const objects = objectLiterals(file);
      const registers = objects.some((keys) => keys.includes('handlers') && keys.includes('pollers'));
      if (registers && file.path !== entryOf(name))
        problems.push(
          `${file.path} registers handlers: only ${name}Feature.ts composes what the feature registers`,
        );
      if (!isHandlersFile(file.path)) {
        for (const channel of new Set(objects.flat().filter((key) => channels.has(key))))
          problems.push(`${file.path} answers ${channel}: requests are answered in a *Handlers.ts file`);
      }
    }
    if (file.path.startsWith(APP_DIR)) {
      for (const target of importsOf(file)) {
        const feature = featureOf(`${target}.ts`);
        if (feature && `${target}.ts` !== entryOf(feature))
          problems.push(
            `${file.path} imports ${target}: app/ reaches a feature through ${feature}Feature.ts only`,
          );
      }
    }
  }
  return problems;
}
