import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/**
 * A destructive notice: a page's load failure shown in place, where the data would be, not as a
 * passing toast.
 */
export const notice = style({
  border: `1px solid ${vars.color.wrong}`,
  background: vars.color.wrongBg,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});
export const title = style({ fontWeight: 700 });
