/** Ids in paths are UUIDs; anything else is answered as "not found" before it reaches PostgreSQL. */
export { isUuid } from '@crew/domain';
