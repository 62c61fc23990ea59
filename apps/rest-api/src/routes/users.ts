// Public routes: sign-up and sign-in (no bearer token). They read their own bodies: every
// other body is read only once its request is authenticated.
import { Router } from 'express';
import { SignInRequest, SignUpRequest } from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { jsonBody } from '../http/json-body.js';
import { parseBody } from '../http/parse-body.js';
import { signIn } from '@oms/ontology-service';
import { signUp } from '@oms/ontology-service';

export function publicRoutes(ctx: RestContext): Router {
  const router = Router();
  router.post('/users', jsonBody(ctx.config.bodyDeadline), async (req, res) => {
    const input = parseBody(SignUpRequest, req.body, ['user']);
    res.status(201).json(await signUp(ctx, input, req.ip ?? 'unknown'));
  });
  router.post('/auth', jsonBody(ctx.config.bodyDeadline), async (req, res) => {
    const input = parseBody(SignInRequest, req.body);
    res.status(200).json(await signIn(ctx, input, req.ip ?? 'unknown'));
  });
  return router;
}
