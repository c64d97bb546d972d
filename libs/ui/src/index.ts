export { cx } from './class-names';
export { AddressFields, type AddressFieldsProps, type BoundField } from './AddressFields';
export { Avatar, avatarInitials, type AvatarProps, type AvatarSize } from './Avatar';
export { Badge, type BadgeProps, type BadgeTone } from './Badge';
export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonSize,
  type ButtonStyleOptions,
  type ButtonVariant,
} from './Button';
export { Card, type CardProps } from './Card';
export { CardGrid, type CardGridProps } from './CardGrid';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { ChosenPhoto, type ChosenPhotoProps } from './ChosenPhoto';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { Dialog, type DialogProps } from './Dialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { FactsList, type Fact, type FactsListProps } from './FactsList';
export { MenuButton, type MenuButtonProps, type MenuItem } from './MenuButton';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './RadioGroup';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Spinner, type SpinnerProps } from './Spinner';
export { StarRating, type StarRatingProps } from './StarRating';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export {
  SelectField,
  TextField,
  type SelectFieldProps,
  type SelectOption,
  TextAreaField,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './TextField';
export { VisuallyHidden, type VisuallyHiddenProps } from './VisuallyHidden';
export {
  focusFirstInvalid,
  useFocusFirstInvalidLater,
  useForm,
  type FieldChecks,
  type FieldErrors,
  type FormOptions,
} from './use-form';
