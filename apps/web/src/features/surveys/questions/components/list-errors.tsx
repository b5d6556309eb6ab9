import { Form, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListProblem, QuestionValues } from '../question-values';

/**
 * The rule of a Form.List whose count the server checks (`problemOf` of the whole form), worded with the server's
 * text of the code it would refuse with.
 */
export function useListRule(problemOf: (values: QuestionValues) => ListProblem | null) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<QuestionValues>();
  return {
    validator: () => {
      const problem = problemOf(form.getFieldsValue(true) as QuestionValues);
      return problem ? Promise.reject(new Error(t(`errorCodes.${problem.code}`))) : Promise.resolve();
    },
  };
}

/** The errors of a Form.List (its count rules, or the server's refusal placed on it), announced as they come. */
export function ListErrors({ errors }: { errors: ReactNode[] }) {
  return (
    <div role="alert">
      {errors.map((error, index) => (
        <Typography.Text key={index} type="danger">
          {error}
        </Typography.Text>
      ))}
    </div>
  );
}
