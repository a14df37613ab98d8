import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

/** A form's submit button: disabled with a spinner while the request is under way. */
export function SubmitButton({ pending, children, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending && <Spinner className="size-4 text-current" label="Working" />}
      {children}
    </Button>
  );
}
