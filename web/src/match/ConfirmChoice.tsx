// "End the March Phase with 3 stacks unmoved?": the question phaseEndWarning.ts asks before a
// choice that ends a phase with something left undone. Yes sends the choice; No keeps the phase.
import type { LegalChoice } from "../gen/game_pb";
import { RuleText } from "../rules/RuleLinks";
import { useFocusOnShow } from "../app/useFocusOnShow";

interface Props {
  question: string;
  choice: LegalChoice;
  onConfirm: (choice: LegalChoice) => void;
  onCancel: () => void;
}

// The dialog takes the focus as it opens; Escape is No.
export function ConfirmChoice({ question, choice, onConfirm, onCancel }: Props) {
  const dialog = useFocusOnShow<HTMLDivElement>();
  return (
    <div class="chooser confirm" role="alertdialog" aria-label="Are you sure?" aria-describedby="confirm-question"
      data-choice={choice.label} tabIndex={-1} ref={dialog} onKeyDown={(e) => e.key === "Escape" && onCancel()}>
      <p id="confirm-question"><RuleText text={question} /></p>
      <button type="button" class="choice" onClick={() => onConfirm(choice)}>Yes: {choice.label}</button>
      <button type="button" onClick={onCancel}>No</button>
    </div>
  );
}
