/**
 * The store settings' rules for the web app (`@contracts/sales-settings-rules`): the domain's own pure checks, so a
 * page refuses exactly what the server would, with the same Spanish texts, before sending (the server checks again).
 */
export { fieldsFor, normalizeFields, normalizeSettings, validateAnswers } from '../domain/sales/settings.js';
export { DomainError } from '../domain/shared/errors.js';
