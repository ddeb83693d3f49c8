/**
 * Char codes the VAT checks compare against (the innermost loops of checksum.ts and
 * vat/number/checks/digits.ts keep their own, see there). They live
 * in a module that imports nothing so that esbuild inlines them as literals in every bundle: a
 * constant declared after an `import` in the same file stays a variable, which costs each
 * validator bytes in every file that declares one.
 */

export const ZERO = 48;
export const NINE = 57;
export const PLUS = 43;
export const STAR = 42;
export const UPPER_A = 65;
export const UPPER_B = 66;
export const UPPER_D = 68;
export const UPPER_G = 71;
export const UPPER_H = 72;
export const UPPER_Z = 90;
export const LOWER_A = 97;
export const LOWER_Z = 122;
