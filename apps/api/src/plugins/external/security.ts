import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const youtubeFrames = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

interface SecurityOptions {
  /** Origins the pages call besides this server: the identity service (Firebase Auth). */
  identityOrigins: string[];
}

/** Security headers, and the rate limiter that routes opt into with `config.rateLimit`. */
async function securityPlugin(app: FastifyInstance, { identityOrigins }: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        // styled-components writes its rules into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        // The home page's community chat is Discord's widget.
        frameSrc: ["'self'", ...youtubeFrames, 'https://discord.com'],
        connectSrc: ["'self'", ...identityOrigins],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // YouTube refuses to play embeds whose requests carry no referrer at all.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
      data: null,
    }),
  });
}

export default fp(securityPlugin, { name: 'security' });
