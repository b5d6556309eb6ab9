import { surveyTargetTypeSchema, testUserSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { surveyKeys } from './survey-keys';

/** `GET /api/surveyTargetTypes`: transactional, relationship, targeted, named in the caller's language. */
function targetTypesQueryOptions() {
  return queryOptions({
    queryKey: surveyKeys.targetTypes,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/surveyTargetTypes', schema: z.array(surveyTargetTypeSchema), signal }),
  });
}

export function useSurveyTargetTypes() {
  return useQuery(targetTypesQueryOptions());
}

/** `GET /api/testusers`: the tenant's test users, for a test invitation. */
function testUsersQueryOptions() {
  return queryOptions({
    queryKey: surveyKeys.testUsers,
    queryFn: ({ signal }) => apiRequest({ path: '/api/testusers', schema: z.array(testUserSchema), signal }),
  });
}

export function useTestUsers(enabled: boolean) {
  return useQuery({ ...testUsersQueryOptions(), enabled });
}
