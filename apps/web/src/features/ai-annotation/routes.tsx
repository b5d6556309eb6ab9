import type { RouteObject } from 'react-router';

/*
 * The annotation works' screens under the shell (docs/ai-annotation.md; shell spec: ai-annotation-works, create,
 * {id}, {id}/statistics, {id}/annotation-tasks, task create/edit, upload; and ours, the annotator's work screen
 * `…/annotation-tasks/{id}/annotate`). Each loads on first visit (lazy).
 */
export const aiAnnotationRoutes: RouteObject[] = [
  {
    path: 'ai-annotation-works',
    lazy: async () => ({ Component: (await import('./components/works-page')).WorksPage }),
  },
  {
    path: 'ai-annotation-works/create',
    lazy: async () => ({ Component: (await import('./components/work-page')).WorkPage }),
  },
  {
    path: 'ai-annotation-works/:id',
    lazy: async () => ({ Component: (await import('./components/work-page')).WorkPage }),
  },
  {
    path: 'ai-annotation-works/:id/statistics',
    lazy: async () => ({ Component: (await import('./components/statistics-page')).StatisticsPage }),
  },
  {
    path: 'ai-annotation-works/:id/annotation-tasks',
    lazy: async () => ({ Component: (await import('./components/tasks-page')).TasksPage }),
  },
  {
    path: 'ai-annotation-works/:annotationWorkId/annotation-tasks/create',
    lazy: async () => ({ Component: (await import('./components/task-page')).TaskPage }),
  },
  {
    path: 'ai-annotation-works/:annotationWorkId/annotation-tasks/upload',
    lazy: async () => ({ Component: (await import('./components/upload-page')).UploadPage }),
  },
  {
    path: 'ai-annotation-works/:annotationWorkId/annotation-tasks/:id',
    lazy: async () => ({ Component: (await import('./components/task-page')).TaskPage }),
  },
  {
    path: 'ai-annotation-works/:annotationWorkId/annotation-tasks/:id/annotate',
    lazy: async () => ({ Component: (await import('./components/annotate-page')).AnnotatePage }),
  },
];
