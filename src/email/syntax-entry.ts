/**
 * verifield/email-syntax: the syntax check and the typo suggestion without the disposable,
 * free-provider and role lists, for a form that only needs those two (a few kB instead of the
 * lists' tens of kB). `validateEmailSyntax` answers the envelope of `validateEmail`;
 * `verifield/email` has the same functions plus `validateEmail`.
 */
export { validateEmailSyntax } from './validate-syntax.js';
export { checkEmailSyntax, type EmailSyntax, type EmailSyntaxFailure } from './syntax.js';
export { suggestEmailDomain } from './typo.js';
