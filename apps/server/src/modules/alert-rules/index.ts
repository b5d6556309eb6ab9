/** What other modules may use of this module (docs/architecture.md, "Server layers"). */
export { alertRuleRoutes } from './alert-rule.routes.js';
export { evaluateAlertRules, evaluateAlertRulesOnTextAnalysis } from './alert-evaluation.js';
