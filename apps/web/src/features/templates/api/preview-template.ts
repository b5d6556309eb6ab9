import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { templatePreviewAnswerSchema, type TemplateKind } from '@loupe/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { TEMPLATE_SCREENS } from './template-kinds';

type PreviewInput = { Subject: string | null; Body: string; Channel: number };

const TYPING_PAUSE_MS = 400;

/**
 * `POST /api/{invitation|message}-templates/preview`: the text filled for the sample invitee, asked again when
 * typing pauses or the language changes; nothing while the body is empty. Failures show in the panel, not in the error dialog.
 */
export function useTemplatePreview(kind: TemplateKind, input: PreviewInput) {
  const [settled, setSettled] = useState(input);
  const key = JSON.stringify(input);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as PreviewInput), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const { endpoint } = TEMPLATE_SCREENS[kind];
  // The sample invitee is in the caller's language (the Language header): a new language, a new preview.
  const { language } = useTranslation().i18n;
  return useQuery({
    queryKey: [endpoint, 'preview', language, settled],
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
