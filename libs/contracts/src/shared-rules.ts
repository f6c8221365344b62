/**
 * Rules the domain owns and the web client shows: the one skill taxonomy and
 * how trust points, ticks and levels are worked out. They live in the domain
 * (which imports nothing) and are re-exported here, so the web reads the same
 * list the API decides with (eslint.config.mjs allows this one path).
 */
export * from '../../domain/src/shared-rules/skill-taxonomy';
export * from '../../domain/src/shared-rules/member-trust';
