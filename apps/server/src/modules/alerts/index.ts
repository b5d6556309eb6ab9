/** The alerts module's public entry for other modules: which alerts a caller may see (the home overview). */
export { visibleTo as alertsVisibleTo } from './alert-list.js';
