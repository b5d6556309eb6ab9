import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountLoginSchema,
  changeExpiredPasswordSchema,
  changePasswordSchema,
  confirmEmailResultSchema,
  linkTokenSchema,
  recoveryCodesSchema,
  resetPasswordLinkSchema,
  resetPasswordSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@loupe/contracts';
import type { AccountServices } from './account-services.js';

const tokenParams = z.object({ token: z.string().min(1).max(256) });

/** Password, email-confirmation and two-factor flows (shell spec §1, §4). */
export function accountRoutes(app: FastifyInstance, account: AccountServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { passwords, emailConfirmation, twoFactor } = account;

  routes.post(
    '/api/account/change-expired-password',
    { config: { access: 'public' }, schema: { body: changeExpiredPasswordSchema } },
    async (request, reply) => {
      await passwords.changeExpiredPassword(request.body, request.ip);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/account/change-password',
    { config: { access: 'signed-in' }, schema: { body: changePasswordSchema } },
    async (request, reply) => {
      await passwords.changePassword(request.actor, request.body, request.ip);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/account/sign-out-everywhere',
    { config: { access: 'signed-in' } },
    async (request, reply) => {
      await passwords.signOutEverywhere(request.actor);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/account/forgot-password',
    { config: { access: 'public' }, schema: { body: accountLoginSchema } },
    async (request, reply) => {
      await passwords.forgotPassword(request.body.Login);
      return reply.status(202).send();
    },
  );

  routes.get(
    '/api/account/reset-password/:token',
    {
      config: { access: 'public' },
      schema: { params: tokenParams, response: { 200: resetPasswordLinkSchema } },
    },
    async (request) => passwords.checkResetLink(request.params.token),
  );

  routes.post(
    '/api/account/reset-password',
    { config: { access: 'public' }, schema: { body: resetPasswordSchema } },
    async (request, reply) => {
      await passwords.resetPassword(request.body);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/account/resend-reset',
    { config: { access: 'public' }, schema: { body: linkTokenSchema } },
    async (request, reply) => {
      await passwords.resendReset(request.body.Token);
      return reply.status(202).send();
    },
  );

  routes.post(
    '/api/account/send-confirmation',
    { config: { access: 'public' }, schema: { body: accountLoginSchema } },
    async (request, reply) => {
      await emailConfirmation.sendConfirmation(request.body.Login);
      return reply.status(202).send();
    },
  );

  routes.post(
    '/api/account/confirm-email',
    {
      config: { access: 'public' },
      schema: { body: linkTokenSchema, response: { 200: confirmEmailResultSchema } },
    },
    async (request) => emailConfirmation.confirmEmail(request.body.Token),
  );

  routes.post(
    '/api/account/resend-confirmation',
    { config: { access: 'public' }, schema: { body: linkTokenSchema } },
    async (request, reply) => {
      await emailConfirmation.resendConfirmation(request.body.Token);
      return reply.status(202).send();
    },
  );

  routes.get(
    '/api/account/two-factor',
    { config: { access: 'signed-in' }, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactor.status(request.actor),
  );

  routes.post(
    '/api/account/two-factor/setup',
    { config: { access: 'signed-in' }, schema: { response: { 200: twoFactorSetupSchema } } },
    async (request) => twoFactor.setup(request.actor),
  );

  routes.post(
    '/api/account/two-factor/enable',
    {
      config: { access: 'signed-in' },
      schema: { body: twoFactorCodeSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => twoFactor.enable(request.actor, request.body.Code),
  );

  routes.post(
    '/api/account/two-factor/disable',
    { config: { access: 'signed-in' }, schema: { body: twoFactorCodeSchema } },
    async (request, reply) => {
      await twoFactor.disable(request.actor, request.body.Code);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/account/two-factor/recovery-codes',
    {
      config: { access: 'signed-in' },
      schema: { body: twoFactorCodeSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(request.actor, request.body.Code),
  );
}
