"""The example lines of ``chartroom new`` for a Pacific Fury variant or situation (commented YAML)."""

NEW_TEMPLATE = """\
# A labelled variant (variant: true) may change the set-up of PF 3.1-3.3; a situation later in the game
# gives start_turn (the Game Turn marker's box, 1 August ... 4 November) and the sections below.
# phase: {at: task-force, reconstructed: "Where in the turn this stands: start, initiative, event, task-force, operations, return."}
#
# initiative: {box: "US 2", henderson_field: operational, reconstructed: "The Initiative marker's box and face (PF 3.6, 6.2)."}
# operations: {japan: 1, us: 1, reconstructed: "Each side's Operation marker: the number of its next operation (PF 9.0)."}
# events_used:                        # events rolled so far (PF 7.0); ids in charts/english.yaml `events`
#   - {event: release-reserve, turn: 2, reconstructed: "Why this event happened."}
#   # Torpedo Hit(s) may name its roll and targets, a Submarine Attack its ship (PF 7.1, 7.2):
#   # - {event: torpedo-hits, turn: 3, roll: 1, targets: [{counter: us-ca-portland, hits: 1}], reconstructed: "..."}
#   # - {event: submarine-attack, turn: 3, ship: jp-ca-chikuma, reconstructed: "..."}
# damaged:                            # ships on the Turn Record Track because of damage (PF 10.7)
#   - {counter: us-cv-saratoga, turn: 2, hits: 1, reconstructed: "When and how hard it was hit."}
#
# setup:                              # units ADDED to the base's set-up
#   - at: Japanese Operation Box 1    # all entries at one Operation Box form ONE task force (PF 8.2)
#     side: japan
#     units:
#       - {counter: jp-cv-zuikaku}    # an id from counters.yaml
#     reconstructed: "Why these ships form this task force."
#   - at: Ironbottom Sound            # each entry at a sea zone is ONE task force at sea
#     side: us
#     units:
#       - {counter: us-ca-portland}
#     reconstructed: "Why this task force is at sea here."
#
# remove:                             # units TAKEN OUT of the base's set-up, where the base places them
#   - at: Truk
#     side: japan
#     units:
#       - {counter: jp-cv-zuikaku}
#     reconstructed: "Why these ships left their base."
#
# remove_turn_track:                  # units TAKEN OFF the base's Turn Record Track (Hornet, once she has entered)
#   - {turn: 2, side: us, units: [{counter: us-cv-hornet}], reconstructed: "Hornet entered on Turn 2."}
#
# turn_track:                         # units ADDED to the Turn Record Track
#   - {turn: 4, side: us, units: [{counter: us-cv-saratoga}], reconstructed: "Why it waits until then."}
#
# sunk:                               # ships gone for good
#   - {counter: jp-cvl-ryujo, reconstructed: "When and how it was lost."}
"""
