import { DatePicker, type DatePickerProps } from 'antd';
import type { KeyboardEvent } from 'react';

/**
 * A date picker inside a form. Enter in its input confirms the typed day and closes the panel, as in any date
 * picker; it must not also submit the form (the browser's implicit submit), which saved the record before the
 * user had filled the fields after it.
 */
export function FormDatePicker(props: DatePickerProps) {
  const { onKeyDown } = props;
  return (
    <DatePicker
      {...props}
      onKeyDown={(event: KeyboardEvent<HTMLElement>, preventDefault) => {
        if (event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event, preventDefault);
      }}
    />
  );
}
