import styles from './button.module.css';

/** Class names of the shop's two button looks, for <button> and <Link> alike. */
export const buttonClass = { primary: styles.primary, secondary: styles.secondary } as const;
