"""Goddess mechanics: rules that live outside the core rulebook, each in its own module.

The spec leaves the goddesses' additional rules out (its §E): these modules state our rules for
mechanics modelled on the printed ones, each citing the closest core rule. A module keeps its
state in `SakuraState` fields, its card-data keys in `cards.py`, and its hooks in the core
procedure (flow.py, guards.py, state.py) to a line or two:

- `umbrella`: a per-player open/closed umbrella and two-faced cards (after Yukihi's);
- `centrifuge`: the Centrifuge keyword's use condition (Hagane's);
- `trap`: using Trap cards from the Face-down pile at a reshuffle;
- `copies`: Variable Extra cards that become copies of a card sealed face up;
- `look`: looking at the opponent's hand or Specials and choosing there;
- `plan`: a secret two-state plan token;
- `poison`: a bag of Extra poison cards given to the opponent.
"""
