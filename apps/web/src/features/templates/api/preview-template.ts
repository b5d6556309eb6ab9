import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { templatePreviewAnswerSchema, type TemplateKind } from '@loupe/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { TEMPLATE_SCREENS } from './template-kinds';

type PreviewInput = { Subject: string | null; Body: string; Channel: number };

const TYPING_PAUSE_MS = 400;

/**
 * `POST /api/{invitation|message}-templates/preview`: the text filled for the sample invitee, asked again when
 * typing pauses; nothing while the body is empty. Failures show in the panel, not in the error dialog.
 */
export function useTemplatePreview(kind: TemplateKind, input: PreviewInput) {
  const [settled, setSettled] = useState(input);
  const key = JSON.stringify(input);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as PreviewInput), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const { endpoint } = TEMPLATE_SCREENS[kind];
  return useQuery({
    queryKey: [endpoint, 'preview', settled],
    enabled: settled.Body.trim() !== '',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${endpoint}/preview`,
        method: 'POST',
        body: settled,
        schema: templatePreviewAnswerSchema,
        signal,
        showErrorDialog: false,
      }),
  });
}
