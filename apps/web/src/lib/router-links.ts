import { Link, NavLink } from './router/router';

/** The router's links, handed to AppLink and AppNavLink wherever the app runs with its router. */
export const routerLinks = { Link, NavLink };
