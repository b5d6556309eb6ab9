/** The widget data module's public entry for other modules: the answers table as a file (the FTP export). */
export { answersFile, type AnswersFile } from './table/answers-file.js';
