/**
 * Elements carrying this attribute (drag handles, menus, the export button itself, a widget's own buttons) are
 * left out of a report's PDF export.
 */
export const PDF_IGNORE_ATTRIBUTE = 'data-pdf-ignore';
