/** The grids' endpoints and the query keys of single records and select lists (grids use `gridQueryKey`). */
export const EXPERIENCES_ENDPOINT = '/api/experiences';
export const WEIGHTED_GROUPS_ENDPOINT = '/api/weighted-experience-groups';
export const JOURNEY_STAGES_ENDPOINT = '/api/journey-stages';

export const metadataKeys = {
  experience: (id: number) => ['experiences', id] as const,
  experienceGroups: ['experience-groups'] as const,
  calculableExperiences: ['experiences', 'calculable'] as const,
  weightedGroup: (id: number) => ['weighted-experience-groups', id] as const,
  journeyStage: (id: number) => ['journey-stages', id] as const,
};
