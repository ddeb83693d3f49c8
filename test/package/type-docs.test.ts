/**
 * Editors show the doc comments of the `.d.ts` files, so every public export of every subpath,
 * and every field of the options, results and details it exposes, carries one. Reads the built
 * declarations (npm test builds first) with the TypeScript compiler.
 */
import { existsSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packageEntries } from '../../scripts/package-entries.js';
import { repoRoot } from '../support/repo-root.js';

interface DocFinding {
  /** `name` of an export, or `Owner.member`. */
  symbol: string;
  documented: boolean;
}

function hasDocComment(node: ts.Node): boolean {
  return ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc) && (doc.comment !== undefined || (doc.tags?.length ?? 0) > 0));
}

function isPublicMember(member: ts.ClassElement): boolean {
  if (ts.isConstructorDeclaration(member) || ts.isClassStaticBlockDeclaration(member)) return false;
  const flags = ts.getCombinedModifierFlags(member as ts.Declaration);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0 && !member.name?.getText().startsWith('#');
}

/** Public fields and methods of a declaration: interface and object-type members, class members, parameter properties. */
function membersOf(declaration: ts.Declaration): { name: string; node: ts.Node }[] {
  const named = (node: ts.NamedDeclaration) => ({ name: node.name?.getText() ?? '?', node });
  if (ts.isInterfaceDeclaration(declaration)) return declaration.members.map(named);
  if (ts.isTypeAliasDeclaration(declaration) && ts.isTypeLiteralNode(declaration.type)) return declaration.type.members.map(named);
  if (ts.isClassDeclaration(declaration)) {
    const parameterProperties = declaration.members
      .filter(ts.isConstructorDeclaration)
      .flatMap((constructor) => constructor.parameters.filter((parameter) => ts.isParameterPropertyDeclaration(parameter, constructor)));
    return [...declaration.members.filter(isPublicMember).map(named), ...parameterProperties.map(named)];
  }
  return [];
}

function auditDeclarations(): Map<string, DocFinding[]> {
  const files = packageEntries.map((entry) => `${repoRoot}${entry.dts}`);
  const program = ts.createProgram(files, {
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const findings = new Map<string, DocFinding[]>();
  for (const entry of packageEntries) {
    const source = program.getSourceFile(`${repoRoot}${entry.dts}`);
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`${entry.dts} could not be read as a module`);
    const found: DocFinding[] = [];
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declarations = target.declarations ?? [];
      found.push({ symbol: exported.name, documented: declarations.some(hasDocComment) });
      for (const declaration of declarations) {
        for (const member of membersOf(declaration)) {
          found.push({ symbol: `${target.name}.${member.name}`, documented: hasDocComment(member.node) });
        }
      }
    }
    findings.set(entry.specifier, found);
  }
  return findings;
}

describe('doc comments in the published declarations', () => {
  it('built a .d.ts and a .d.cts for every subpath', () => {
    for (const entry of packageEntries) {
      expect(existsSync(`${repoRoot}${entry.dts}`), entry.dts).toBe(true);
      expect(existsSync(`${repoRoot}${entry.dts.replace(/\.d\.ts$/, '.d.cts')}`), entry.dts).toBe(true);
    }
  });

  const findings = auditDeclarations();

  for (const entry of packageEntries) {
    it(`${entry.specifier}: every export and every member of its types has a doc comment`, () => {
      const found = findings.get(entry.specifier) ?? [];
      expect(found.filter((finding) => !finding.symbol.includes('.')).length).toBeGreaterThan(0);
      const undocumented = found
        .filter((finding) => !finding.documented)
        .map((finding) => finding.symbol);
      expect([...new Set(undocumented)]).toEqual([]);
    });
  }

  it('tells an undocumented export from a documented one', () => {
    const probe = ts.createSourceFile(
      'probe.d.ts',
      '/** Documented. */\nexport declare function a(): void;\nexport declare function b(): void;\nexport interface C {\n  /** Documented. */\n  x: number;\n  y: number;\n}\n',
      ts.ScriptTarget.ES2022,
      true,
    );
    const [a, b, c] = probe.statements;
    expect(hasDocComment(a as ts.Node)).toBe(true);
    expect(hasDocComment(b as ts.Node)).toBe(false);
    const members = membersOf(c as ts.InterfaceDeclaration).map((member) => [member.name, hasDocComment(member.node)]);
    expect(members).toEqual([
      ['x', true],
      ['y', false],
    ]);
  });
});
