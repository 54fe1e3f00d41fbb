/** The phone menu's name, on its Burger and its drawer (a module of its own: the drawer loads on the first tap). */
export const MOBILE_MENU_LABEL = 'Menu';
