import { MEMBERS_MAX_LIMIT } from '@fansite/contract';

/**
 * docs/product.md, constants: the members page asks for up to 10000 members. Apart from the page
 * so that the route's loader, which loads with the app, does not bring the page along.
 */
export const allMembersInput = { limit: MEMBERS_MAX_LIMIT };
