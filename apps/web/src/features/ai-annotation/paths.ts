/** The screens' paths (routes.tsx). */
export const WORKS_PATH = '/ai-annotation-works';
export const workPath = (id: number) => `${WORKS_PATH}/${id}`;
export const tasksPath = (workId: number) => `${WORKS_PATH}/${workId}/annotation-tasks`;
export const annotatePath = (workId: number, taskId: number) => `${tasksPath(workId)}/${taskId}/annotate`;
export const statisticsPath = (workId: number) => `${WORKS_PATH}/${workId}/statistics`;
