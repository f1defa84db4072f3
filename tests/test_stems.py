"""The stem judge against the public table, our own tables, every inflection, and overrides;
known answers for each class of issue 15 (compounds, productive affixes, false friends), the
house rule for compounds, the evidence each verdict names, and the vendored evidence tables."""

from __future__ import annotations

import copy
import gzip
import subprocess
import sys
from pathlib import Path

import pytest
from lemminflect import getAllInflections

from companion.games.registry import load_game
from companion.records import Event
from companion.words.glosses import Glossary
from companion.words.letters import Letters
from companion.words.overrides import OverrideStore
from companion.words.solver import Referee
from companion.words.stems import (
    EVIDENCE,
    StemEvidence,
    StemJudge,
    Verdict,
    default_evidence,
    default_judge,
    default_links,
    judge,
    lemmas,
)
from companion.words.webster import Webster
from tests.helpers import ROOT, need_shared, skip_or_fail, stem_pairs

CODES = {"S": Verdict.SAME, "D": Verdict.DIFFERENT, "N": Verdict.NOT_A_STEAL}
#: Each held-out table of ours (docs/word-knowledge.md), oldest first: the share right the judge
#: must keep and the most illegal steals it may allow, with the story of its measurements.
FIGURES: dict[str, tuple[float, int]] = {
    # Measured on tests/data/stem-pairs-heldout.tsv (docs/word-knowledge.md): the floor the judge must keep.
    "heldout": (0.975, 0),  # 401/411 with the second review (388 with the first, 376 with Webster's, 373 before)
    # Measured on tests/data/stem-pairs-holdout2.tsv: 86.7% the first time the judge ran on it, 88.4%
    # with the "meaning" evidence, 88.4% (320/362) and no illegal steal with the records of issue 15's
    # third round, 91.2% (330/362) with Webster's etymologies (docs/word-knowledge.md).
    "holdout2": (0.980, 0),  # 355/362 with the second review (346 with the first, 330 before them)
    # Measured once on tests/data/stem-pairs-holdout3.tsv, at the end of the round it was written for:
    # 680/723 (94.1%), illegal steals 2 (CHOP -> CHOPSTICK, HAIL -> HAILSTONE; docs/word-knowledge.md);
    # 687/723 (95.0%) and 1 (CHOPSTICK) with Webster's etymologies, a development table by then;
    # 686/723 with Webster's references (PEAR -> PEARL: "See {Pear}", a pear-shaped pearl).
    "holdout3": (0.988, 1),  # 715/723 with the second review and the forms (705 with the first)
    # Measured once, blind, on tests/data/stem-pairs-holdout4.tsv with the judge of commit 2aafe7e:
    # 567/606 (93.6%), illegal steals 10; then 572/606 (94.4%) and 4, then 3, with the etymologies
    # that name OLD as a part (a development table by then; docs/word-knowledge.md); 572 and 2 with
    # Webster's references.
    "holdout4": (0.988, 0),  # 599/606 with English references (598 with the reviews, 572 before them)
    # Measured once, blind, on tests/data/stem-pairs-holdout5.tsv with the judge of commit 7228d73:
    # 584/622 (93.9%), illegal steals 18; 584/622 and 17 once an etymology naming OLD outweighs
    # records that never meet (docs/word-knowledge.md); 589/622 and 11 with Webster's references
    # (PACKET: "See {Pack}").
    "holdout5": (0.983, 3),  # 612/622 with English references (611 with the reviews, 589 before them)
    # Measured once, blind, on tests/data/stem-pairs-holdout6.tsv at the end of the round it was
    # written for: 584/619 (94.3%), illegal 11 with the judge before it (52422f2); 586 and 6 with
    # Webster's references (edd17f8); 598/619 (96.6%) and 3 with the curated pairs (b77fcc7).
    "holdout6": (0.990, 2),  # 613/619 with kept-whole signs (614 before: SURROUND), 598 before the second review
    # Measured once, blind, on tests/data/stem-pairs-holdout7.tsv, in the middle of the sixth round
    # (docs/word-knowledge.md): 610/650 (93.8%), illegal 6, with the judge before it (422be93);
    # 629/650 (96.8%), illegal 4, with the judge of 5ae8699, the whole large list reviewed.
    "holdout7": (0.975, 2),  # 634/650 with kept-whole signs (a development table since)
    # Measured once, blind, on tests/data/stem-pairs-holdout8.tsv at the end of the sixth round:
    # 637/650 (98.0%), illegal 3, with the judge before the round (422be93); 645/650 (99.2%),
    # illegal 3 (DOGWOOD, ACTRESS, LUKEWARM), with the judge of f0ec78f.
    "holdout8": (0.992, 2),  # 645/650 with kept-whole signs (646 before: BRATWURST; a development table since)
    # Measured once, blind, on tests/data/stem-pairs-holdout9.tsv at the end of the sixth round, with
    # the judge of 4b3847b (the referee's with either list rules alike): 644/650 (99.1%), illegal 1
    # (HIGH -> HEIGHT); the judge before the round (422be93) had 632/650 (97.2%), illegal 1.
    "holdout9": (0.990, 0),  # 644/650 with kept-whole signs (645 before: BELLADONNA; a development table since)
    # Measured once, blind, on tests/data/stem-pairs-holdout10.tsv at the very end of the sixth round,
    # with the judge of 20c0810: 638/650 (98.2%), illegal 5 (HANDKERCHIEF, HUMMINGBIRD, NECKERCHIEF,
    # ALKALINE, DIETITIAN); the judge before the round (422be93) had 632/650 (97.2%), illegal 5.
    "holdout10": (0.987, 1),  # 642/650 with compounds their etymology parts and kept-whole signs (638 when measured)
    # Measured once, blind, on tests/data/stem-pairs-holdout11.tsv in the middle of the seventh round,
    # with the judge of b3a6b5a: 644/650 (99.1%), illegal 2 (MULBERRY, LINCHPIN), refused 4; the judge
    # before the round (6d5d26e) had 645/650, illegal 2, refused 3 (HOLE -> WHOLE was the difference).
    "holdout11": (0.995, 0),  # 647/650 with WordNet kinds (645 before; a development table since)
    # Measured once, blind, on tests/data/stem-pairs-holdout12.tsv later in the seventh round, with the
    # judge of 8a14469: 644/650 (99.1%), illegal 2 (CESSPIT, SILICATE), refused 4; the judge before
    # the round (6d5d26e) had the same figures.
    "holdout12": (0.990, 2),  # 644/650
    # Measured once, blind, on tests/data/stem-pairs-holdout13.tsv at the end of the seventh round,
    # with the judge of fe5af3a: 641/650 (98.6%), illegal 3 (RUCKSACK, JUKEBOX, PHILHARMONIC), refused
    # 6; the judge before the round (6d5d26e) had 639/650 (98.3%), illegal 5.
    "holdout13": (0.989, 2),  # 643/650 with -S after a hiss (DISCUSS) and learned prefixes (PHILHARMONIC)
    # Measured once, blind, on tests/data/stem-pairs-holdout14.tsv after the seventh round's last change
    # to the judge, with the judge of eaa3451: 643/650 (98.9%), illegal 4 (PLAINSONG, BALLOON,
    # GRAPHOLOGY, EPICENTER), refused 3; the judge before the round (6d5d26e) had the same figures.
    "holdout14": (0.992, 2),  # 645/650 with learned suffixes and more learned prefixes (GRAPHOLOGY, EPICENTER)
    # Measured once, blind, on tests/data/stem-pairs-holdout15.tsv at the very end of the seventh round,
    # with the judge of 410f4ea: 647/650 (99.5%), illegal 1 (VARY -> VARIETY), refused 2 (BIDE, SEED);
    # the judge before the round (6d5d26e) had the same figures.
    "holdout15": (0.995, 1),  # 647/650
    # Measured once, blind, on tests/data/stem-pairs-holdout16.tsv after the review of rearrangements
    # that end with OLD, with the judge of ec414e1: 645/650 (99.2%), illegal 3 (WOULDST, LUTESTRING,
    # BRONCHITIS), refused 2; the judge before the round (6d5d26e) had 646/650, illegal 3, refused 1.
    "holdout16": (0.992, 3),  # 645/650
    # Measured once, blind, on tests/data/stem-pairs-holdout17.tsv after the eighth review round (every
    # rearrangement that begins with OLD), with the judge of ebe85b3: 642/650 (98.8%), illegal 2
    # (INTERLEAVE, a curated false friend: LEAF, not LEAVE; ALBUMINOID), refused 6; the judge before
    # the round (24070d3) had the same verdicts on every pair.
    "holdout17": (0.987, 2),  # 642/650; 643 with -OID
    # Measured once, blind, on tests/data/stem-pairs-holdout18.tsv after the ninth review round, with
    # the judge of 43992b7: 639/650 (98.3%), illegal 3 (BARBETTE; PSEUDOPOD and ARCHIMAGE, curated
    # false friends: Greek pous, and ARCHI + MAGE), refused 8; the session's first judge (24070d3)
    # had 638/650, illegal 4 (HUMORESQUE too), refused 8.
    "holdout18": (0.983, 3),  # 639/650
    # Measured once, blind, on tests/data/stem-pairs-holdout19.tsv with the judge of 43992b7 (the
    # judge of 468054a is the same): 640/650 (98.5%), no illegal steal, refused 10; the session's
    # first judge (24070d3) had the same verdicts on every pair.
    "holdout19": (0.984, 0),  # 640/650; 642 with no suffix after a plural
    # Measured once, blind, on tests/data/stem-pairs-holdout20.tsv with the judge of b017181 (which
    # read a shape lying across a recorded parting as chance): 644/650 (99.1%), illegal 3
    # (DEPICTURE through that rule, MARINADE, VALVULE), refused 3; the session's first judge
    # (24070d3) had 645/650, illegal 2. The parting rule was then taken out.
    "holdout20": (0.991, 2),  # 645/650 without the parting rule
    # Measured once, blind, on tests/data/stem-pairs-holdout21.tsv with the end judge of the round
    # (42cd223): 642/650 (98.8%), no illegal steal, refused 8; the session's first judge (24070d3) had
    # 639/650, illegal 3 (BACKGAMMON, CONCERTINA, FRAUDULENT, all relatives of the eighth review).
    "holdout21": (0.987, 0),  # 642/650
    # Measured once, blind, on tests/data/stem-pairs-holdout22.tsv after the tenth review round, with
    # the judge of 276258e: 641/650 (98.6%), illegal 3 (COTTAGE, TRANSVERSE, BIPOD), refused 6; the
    # session's first judge (24070d3) had 638/650, illegal 7 (COULDST, CANST, DIDST and CORPUSCLE too).
    "holdout22": (0.986, 3),  # 641/650
    # Measured once, blind, on tests/data/stem-pairs-holdout23.tsv after the twelfth review round,
    # with the judge of 69669ed: 647/650 (99.5%), no illegal steal, refused 3 (LACKADAISICAL,
    # AUTOSOME, BILANDER); the session's first judge (00c8437) the same, the judge of 24070d3
    # 645/650, illegal 2 (PARAFOIL, INFANTINE).
    "holdout23": (0.995, 0),  # 647/650
    # Measured once, blind, on tests/data/stem-pairs-holdout24.tsv with the judge of 01abdb4:
    # 645/650 (99.2%), no illegal steal, refused 5; the session's first judge (00c8437) the same,
    # the judge of 24070d3 629/650 (96.8%), illegal 16 (the eighth to tenth reviews' kinds:
    # SEVENTIETH, MALIGNANCY, MUSKOX, INTELLIGENTSIA).
    "holdout24": (0.992, 0),  # 645/650
    # Measured once, blind, on tests/data/stem-pairs-holdout25.tsv with the judge of 087d012:
    # 648/650 (99.7%), illegal 2 (EVEN -> EVENTIDE, a curated false friend: EVENTIDE is on the noun
    # EVEN, evening; GRAPH -> MIMEOGRAPH), refused 0; the session's first judge (00c8437) the same,
    # the judge of 24070d3 640/650, illegal 10. MIMEOGRAPH led to the learned compounds
    # (affixes.COMBINING_WORDS): 649/650 since, illegal 1.
    "holdout25": (0.998, 1),  # 649/650
    # Measured once, blind, on tests/data/stem-pairs-holdout26.tsv with the judge of 911ee2c:
    # 640/650 (98.5%), illegal 3 (VINE -> VIGNETTE, OPERA -> OPERETTA, REGAL -> REGALIA: endings on
    # OLD's own French, Italian and Latin source), refused 7; the session's first judge (00c8437)
    # the same, the judge of 24070d3 637/650, illegal 6.
    "holdout26": (0.984, 3),  # 640/650
    # Measured once, blind, on tests/data/stem-pairs-holdout27.tsv with the judge of 0b201fd:
    # 641/650 (98.6%), illegal 3 (DRESS -> HAIRDRESSER, ELEPHANT -> ELEPHANTIASIS, JOIN ->
    # REJOINDER), refused 6; the session's first judge (00c8437) the same, the judge of 24070d3
    # 635/650, illegal 9. HAIRDRESSER led to the verb's agent in a compound, ELEPHANTIASIS to -IASIS
    # and -OSIS as learned suffixes: 643/650, illegal 1 (REJOINDER) since.
    "holdout27": (0.988, 1),  # 643/650 (and ELEPHANTIASIS since -IASIS)
    # Measured once, blind, on tests/data/stem-pairs-holdout28.tsv with the judge of 67a31ba:
    # 639/650 (98.3%), illegal 3 (WAY -> CASTAWAY, POST -> POSTHASTE, MONK -> MONKSHOOD), refused 8;
    # the session's first judge (00c8437) the same, the judge of 24070d3 634/650, illegal 8.
    # POSTHASTE led to the word that is also an affix, where a record names the word.
    "holdout28": (0.984, 2),  # 640/650 (POSTHASTE since a record names the word)
    # Measured once, blind, on tests/data/stem-pairs-holdout29.tsv with the judge of 45bcc32:
    # 645/650 (99.2%), no illegal steal, refused 5; the session's first judge (00c8437) the same,
    # the judge of 24070d3 640/650, illegal 5.
    "holdout29": (0.992, 0),  # 645/650
    # Measured once, blind, on tests/data/stem-pairs-holdout30.tsv with the judge of 099aa3f:
    # 634/650 (97.5%), illegal 1 (WISE -> STEPWISE, labelled the word though -WISE is the suffix),
    # refused 15 (SHE -> SHED through the regular-form rule: words of four letters or more since);
    # the session's first judge (00c8437) 635/650, illegal 1, refused 14; the judge of 24070d3 the same.
    "holdout30": (0.975, 1),  # 635/650
    # Measured once, blind, on tests/data/stem-pairs-holdout31.tsv with the judge of 3a8e7d0:
    # 650/650 (100%), no illegal steal, none refused; the session's first judge (0850565) and the
    # judge of 24070d3 the same.
    "holdout31": (0.995, 0),  # 650/650
    # Measured once, blind, on tests/data/stem-pairs-holdout32.tsv with the judge of 3a8e7d0:
    # 643/650 (98.9%), illegal 2 (WIDE -> COUNTYWIDE: lemminflect does not know COUNTY; RUB ->
    # RUBBERNECK, RUBBER + NECK), refused 5; the session's first judge (0850565) the same, the judge
    # of 24070d3 639/650, illegal 6.
    "holdout32": (0.989, 2),  # 643/650
    # Measured once, blind, on tests/data/stem-pairs-holdout33.tsv with the judge of 3a8e7d0:
    # 645/650 (99.2%), no illegal steal, refused 5; the session's first judge (0850565) the same,
    # the judge of 24070d3 638/650, illegal 7.
    "holdout33": (0.992, 0),  # 645/650
    # Measured once, blind, on tests/data/stem-pairs-holdout34.tsv with the judge of 3a8e7d0:
    # 638/650 (98.2%), illegal 3 (PAPA -> PAPACY, WOLF -> AARDWOLF, WOMEN -> KINSWOMEN), refused 9;
    # the session's first judge (0850565) the same, the judge of 24070d3 636/650, illegal 5.
    "holdout34": (0.981, 3),  # 638/650
    # Measured once, blind, on tests/data/stem-pairs-holdout35.tsv with the judge of 9002a6f:
    # 639/650 (98.3%), illegal 2 (EJECT -> DEJECT, both Latin -jectus; ION -> IONOSPHERE, ION + O +
    # SPHERE), refused 9; the session's first judge (0850565) the same, the judge of 24070d3
    # 633/650, illegal 8.
    "holdout35": (0.983, 2),  # 639/650
    # Measured once, blind, on tests/data/stem-pairs-holdout36.tsv with the judge of 9002a6f:
    # 639/650 (98.3%), illegal 2 (MOST -> AFTERMOST, whose -MOST is Old English -mest; PRO ->
    # PROBUSINESS, the prefix PRO-), refused 9; the session's first judge (0850565) the same, the
    # judge of 24070d3 638/650, illegal 3.
    "holdout36": (0.983, 2),  # 639/650
    # Measured once, blind, on tests/data/stem-pairs-holdout39.tsv with the judge of 4fe7694:
    # 644/650 (99.1%), illegal 4 (FAY -> FAIRY, GRAPHICAL -> AUTOBIOGRAPHICAL, ELECT -> DESELECT,
    # IRE -> IRATE), refused 2; the session's first judge (723c641) and that of 0850565 the same;
    # the judge of 24070d3 635/650, illegal 13.
    "holdout39": (0.99, 4),  # 644/650
    # Measured once, blind, on tests/data/stem-pairs-holdout40.tsv with the judge of 4fe7694:
    # 645/650 (99.2%), illegal 2 (MATE -> COMATE, which Webster records only as comatus, hairy;
    # MOP -> MOPISH, a curated false friend through MOPE), refused 3; the session's first judge
    # (723c641) the same; that of 0850565 646/650, illegal 2, refused 2; that of 24070d3 642/650,
    # illegal 6.
    "holdout40": (0.99, 2),  # 645/650
    # Measured once, blind, on tests/data/stem-pairs-holdout41.tsv with the judge of 4116448:
    # 641/650 (98.6%), illegal 1 (LAUNDER -> LAUNDRESS, the feminine -ESS: SAME since), refused 8;
    # this session's first judge (8a1ac04), that of 723c641 and that of 0850565 the same; that of
    # 24070d3 637/650, illegal 5.
    "holdout41": (0.986, 0),  # 641/650
    # Measured once, blind, on tests/data/stem-pairs-holdout42.tsv with the judge of 4116448:
    # 643/650 (98.9%), illegal 0, refused 7; the judges of 8a1ac04, 723c641, 0850565 and 24070d3
    # the same.
    "holdout42": (0.989, 0),  # 643/650
    # Measured once, blind, on tests/data/stem-pairs-holdout43.tsv with the judge of 632c819:
    # 644/650 (99.1%), illegal 0, refused 6; the judges of 8a1ac04, 723c641 and 0850565 the same;
    # that of 24070d3 637/650, illegal 7.
    "holdout43": (0.99, 0),  # 644/650
    # Measured once, blind, on tests/data/stem-pairs-holdout44.tsv with the judge of 632c819:
    # 641/650 (98.6%), illegal 1 (PEA -> CHICKPEA: French pois chiche, whose record the judge
    # reads as never meeting PEA's), refused 8; the judges of 8a1ac04, 723c641 and 0850565 the
    # same; that of 24070d3 639/650, illegal 3.
    "holdout44": (0.986, 1),  # 641/650
    # Measured once, blind, on tests/data/stem-pairs-holdout45.tsv with the judge of 9db42b5:
    # 647/650 (99.5%), illegal 0, refused 3; the judges of 8a1ac04, 723c641 and 0850565 the same;
    # that of 24070d3 639/650, illegal 8.
    "holdout45": (0.995, 0),  # 647/650
    # Measured once, blind, on tests/data/stem-pairs-holdout46.tsv (608 pairs) with the judge of
    # 9db42b5: 597/608 (98.2%), illegal 2 (VERSE -> TRAVERSE, both of Latin vertere; SNAG ->
    # SNAGGLETOOTH, SNAGGLE being SNAG's), refused 9; the judges of 8a1ac04, 723c641 and 0850565
    # the same; that of 24070d3 592/608, illegal 7.
    "holdout46": (0.98, 2),  # 597/608
    # Measured once, blind, on tests/data/stem-pairs-holdout47.tsv (649 pairs) with the judge of
    # 3041f58 (38d9f9c): 641/649 (98.8%), illegal 2 (FLAT -> FLATTER, which a curated entry reads as
    # the verb, Old French flater, though the writer read the comparative; FORM -> CUNEIFORM, New
    # Latin cuneiformis, whose record the judge reads as never meeting FORM's), refused 6; the
    # judges of 8a1ac04 and 84b0d01 the same; that of 24070d3 641/649, illegal 3.
    "holdout47": (0.987, 2),  # 641/649
    # Measured once, blind, on tests/data/stem-pairs-holdout48.tsv (646 pairs) with the judge of
    # 84b0d01 (a8b788a): 633/646 (98.0%), illegal 0, refused 13; the judge of 8a1ac04 the same;
    # that of 24070d3 631/646, illegal 3.
    "holdout48": (0.979, 0),  # 633/646
    # Measured once, blind, on tests/data/stem-pairs-holdout50.tsv (645 pairs) with the judge of
    # d6e9c73 (beefbc3): 641/645 (99.4%), illegal 2 (STEP -> STEPMOM, whose STEP- is Old English
    # steop-, orphaned, by a curated entry, though the writer read a compound; TEEN -> NINETEEN,
    # whose records the judge reads as never meeting), refused 2; the judges of 8a1ac04, 84b0d01
    # and 24070d3 the same.
    "holdout50": (0.993, 2),  # 641/645
    # Measured once, blind, on tests/data/stem-pairs-holdout49.tsv with the judge of d6e9c73
    # (918f7d0): 647/650 (99.5%), illegal 0, refused 3; the judges of 8a1ac04 and 84b0d01 the
    # same; that of 24070d3 646/650, illegal 1.
    "holdout49": (0.995, 0),  # 647/650
    # Measured once, blind, on tests/data/stem-pairs-holdout52.tsv (639 pairs) with the judge of
    # 29fbb45 (cf4cbb8): 633/639 (99.1%), illegal 0, refused 6; the judges of 8a1ac04 and 84b0d01
    # the same; that of 24070d3 631/639, illegal 1.
    "holdout52": (0.99, 0),  # 633/639
    # Measured once, blind, on tests/data/stem-pairs-holdout51.tsv with the judge of 29fbb45
    # (46e92a1): 647/650 (99.5%), illegal 0, refused 3; the judges of 8a1ac04 and 84b0d01 the
    # same; that of 24070d3 646/650, illegal 1.
    "holdout51": (0.995, 0),  # 647/650
    # Measured once, blind, on tests/data/stem-pairs-holdout53.tsv (649 pairs) with the judge of
    # 90ccbba: 642/649 (98.9%), illegal 1 (FOLD -> NINEFOLD: lemminflect knows no NINE; number
    # words counted as words since, SAME), refused 6; the judges of 8a1ac04 and 84b0d01 the same;
    # that of 24070d3 640/649, illegal 4.
    "holdout53": (0.989, 1),  # 642/649
    # Measured once, blind, on tests/data/stem-pairs-holdout54.tsv with the judge of 6b69e31
    # (e61f290): 645/650 (99.2%), illegal 2 (TIE -> RETYING, IE turned to Y under RE-: SAME since;
    # SHORE -> LONGSHOREMEN, LONG + SHORE + MAN), refused 3; the judges of 8a1ac04, 84b0d01 and
    # 24070d3 the same.
    "holdout54": (0.992, 2),  # 645/650
    # Measured once, blind, on tests/data/stem-pairs-holdout56.tsv (640 pairs) with the judge of
    # 7e0a3ef (a2ec894): 639/640 (99.8%), illegal 0, refused 1; the judges of 8a1ac04 and 84b0d01
    # the same; that of 24070d3 637/640, illegal 2.
    "holdout56": (0.998, 0),  # 639/640
    # Measured once, blind, on tests/data/stem-pairs-holdout55.tsv (640 pairs) with the judge of
    # 7e0a3ef (eaf5458): 635/640 (99.2%), illegal 0, refused 5; the judges of 8a1ac04 and 84b0d01
    # the same; that of 24070d3 631/640, illegal 4.
    "holdout55": (0.992, 0),  # 635/640
    # Measured once, blind, on tests/data/stem-pairs-holdout38.tsv (644 pairs) with the judge of
    # 9002a6f: 635/644 (98.6%), illegal 1 (REARRANGE -> PREARRANGE, two prefixes on ARRANGE),
    # refused 8; the session's first judge (0850565) 634/644, illegal 1, refused 9; the judge of
    # 24070d3 628/644, illegal 7.
    "holdout38": (0.985, 1),  # 635/644
    # Measured once, blind, on tests/data/stem-pairs-holdout37.tsv with the judge of b4a9625:
    # 641/650 (98.6%), illegal 2 (JACK -> JACKBOOT, whose JACK is the coat, Old French jaque;
    # CAMPED -> DECAMPED, a form of DECAMP, which rearranges CAMPED), refused 7; the judge of 9002a6f
    # the same; the session's first judge (0850565) 635/650, illegal 2, refused 13; the judge of
    # 24070d3 634/650, illegal 3.
    "holdout37": (0.986, 2),  # 641/650
    # Measured once, blind, on tests/data/stem-pairs-holdout57.tsv (648 pairs) with the judge of
    # c85caa0 (11e6075): 643/648 (99.2%), illegal 1 (LAND -> LANDLOPER, Dutch landlooper: LOPER is
    # no word lemminflect knows, and no record parts it), refused 4; the judges of 8a1ac04 and
    # 84b0d01 the same; that of 24070d3 640/648, illegal 4.
    "holdout57": (0.992, 1),  # 643/648
    # Measured once, blind, on tests/data/stem-pairs-holdout58.tsv with the judge of c85caa0
    # (19cb3d9): 627/650 (96.5%), illegal 2 (UNDER -> UNDERWHELM: SAME since, Wiktionary's record
    # parts it UNDER + WHELM; THYME -> THYMINE, -INE no suffix the judge knows), refused 21, all
    # of them false friends the writer read as parted elsewhere (RESTRAIN + ER, REVISION + ARY,
    # REFORM + ATORY) or of another origin (PROSTATE + IC, Old French estanchon); the judges of
    # 8a1ac04 and 84b0d01 the same; that of 24070d3 617/650, illegal 12.
    "holdout58": (0.964, 2),  # 627/650
    # Measured once, blind, on tests/data/stem-pairs-holdout60.tsv (634 pairs) with the judge of
    # e40d154 (fb61dcc): 624/634 (98.4%), illegal 1, refused 9; the one illegal steal was PICKER ->
    # PICKEREL, labelled S by a slip against its own class and note ("not picker"), D since: 625/634
    # (98.6%), illegal 0. The judges of 8a1ac04 and 84b0d01 the same; that of 24070d3 602/634,
    # illegal 15.
    "holdout60": (0.985, 0),  # 625/634
    # Measured once, blind, on tests/data/stem-pairs-holdout59.tsv (642 pairs) with the judge of
    # d85f87e (43b48f1): 640/642 (99.7%), illegal 1 (JADE -> JADED: a curated entry reads JADED
    # from JADE the nag, JADE the stone being Spanish; the writer read JADE + ED), refused 1
    # (DEBONAIR); the judges of 8a1ac04 and 84b0d01 the same; that of 24070d3 638/642, illegal 3.
    "holdout59": (0.996, 1),  # 640/642
    # Measured once, blind, on tests/data/stem-pairs-holdout62.tsv (614 pairs) with the judge of
    # ae2d85a (0016179): 608/614 (99.0%), illegal 1 (PARK -> PARKY: Webster gives PARKY, chilly,
    # as British informal, an origin that never meets PARK's; the writer read PARK + Y), refused
    # 5; the judges of 8a1ac04, 84b0d01 and 24070d3 the same.
    "holdout62": (0.99, 1),  # 608/614
    # Measured once, blind, on tests/data/stem-pairs-holdout61.tsv (649 pairs) with the judge of
    # ae2d85a (4a033a9): 646/649 (99.5%), illegal 1 (ANNUL -> ANNULATION: a curated entry reads
    # ANNULATION, a forming of rings, from Latin annulus; the writer read ANNUL + ATION), refused
    # 2; the judges of 8a1ac04 and 84b0d01 the same; that of 24070d3 645/649, illegal 2.
    "holdout61": (0.995, 1),  # 646/649
    # Measured once, blind, on tests/data/stem-pairs-holdout64.tsv (646 pairs) with the judge of
    # aa6785c (01733fc): 636/646 (98.5%), illegal 0, refused 10; the judges of 8a1ac04 and 84b0d01
    # the same; that of 24070d3 632/646, illegal 5.
    "holdout64": (0.984, 0),  # 636/646
    # Measured once, blind, on tests/data/stem-pairs-holdout63.tsv (601 pairs, compounds over
    # holdout28's share) with the judge of aa6785c (d488b48): 598/601 (99.5%), illegal 1 (BED ->
    # FEATHERBED: a record misreads FEATHERBED as FEATHER + ED, and the judge takes it as NEW's
    # derivation from FEATHER alone), refused 2; the judges of 8a1ac04 and 84b0d01 the same; that
    # of 24070d3 596/601, illegal 3.
    "holdout63": (0.995, 1),  # 598/601
    # Measured once, blind, on tests/data/stem-pairs-holdout65.tsv (642 pairs) with the judge of
    # aa6785c (d841b6e): 636/642 (99.1%), illegal 1 (BOND -> BONDMAID: a curated entry reads its
    # BOND as the serf, Old English bonda, not the tie; the writer read a compound), refused 5; the
    # judges of 8a1ac04 and 84b0d01 the same; that of 24070d3 635/642, illegal 4.
    "holdout65": (0.99, 1),  # 636/642
    # Measured once, blind, on tests/data/stem-pairs-holdout66.tsv (543 pairs: the writer kept the
    # class mix as the unused pairs ran out) with the judge of aa6785c (5e2900b): 531/543 (97.8%),
    # illegal 1 (TAR -> TARRY: a curated entry reads TARRY as the verb, to linger, Middle English
    # tarien; the writer read TAR + Y), refused 11; the judges of 8a1ac04 and 84b0d01 the same;
    # that of 24070d3 523/543, illegal 9.
    "holdout66": (0.977, 1),  # 531/543
}
INFLECTION_NOTES = ("plural", "tense", "inflection", "participle", "comparative")


def read_table(path: Path) -> list[tuple[str, str, Verdict, bool, str]]:
    return [(old, new, CODES[code], debatable, note) for old, new, code, debatable, note in stem_pairs(path)]


def accuracy(rows: list[tuple[str, str, Verdict, bool, str]]) -> tuple[float, list[str]]:
    clear = [r for r in rows if not r[3]]
    wrong = [f"{o}->{n}: {judge(o, n).reason}" for o, n, want, _, _ in clear if judge(o, n).verdict is not want]
    return 1 - len(wrong) / len(clear), wrong


def test_public_table_clear_cut_pairs() -> None:
    rows = read_table(need_shared("data/stem-pairs-public.tsv"))
    score, wrong = accuracy(rows)
    assert score >= 0.95, wrong


def test_public_table_inflections_are_never_different() -> None:
    rows = read_table(need_shared("data/stem-pairs-public.tsv"))
    inflections = [r for r in rows if any(k in r[4] for k in INFLECTION_NOTES)]
    assert len(inflections) >= 5
    for old, new, _, _, _ in inflections:
        assert judge(old, new).verdict is Verdict.SAME, (old, new)


def test_our_own_table() -> None:
    """Pairs written by us, none from the public table: the method must generalise."""
    score, wrong = accuracy(read_table(ROOT / "tests" / "data" / "stem-pairs-extra.tsv"))
    assert score >= 0.95, wrong


def test_no_inflection_of_any_standard_word_is_judged_different() -> None:
    """Every plural, tense, participle and comparative that lemminflect knows for the standard list.

    One exception is lemminflect's own: it offers DINER as a comparative of DIN. The others are
    words of their own that a reviewer curated as false friends (NUMBER is "more numb" only to
    lemminflect: a player means the count), and the forms made from them (FLATTERING).
    """
    path = ROOT / "companion" / "data" / "words-standard.txt.gz"
    with gzip.open(path, "rt") as f:
        words = [w.strip() for w in f if not w.startswith("#")]
    checked, wrong = 0, []
    for word in words:
        for forms in getAllInflections(word).values():
            for form in forms:
                if form == word or not (form.isascii() and form.isalpha() and form.islower()):
                    continue
                if Letters(word) < Letters(form):
                    checked += 1
                    verdict = judge(word, form)
                    if verdict.verdict is Verdict.DIFFERENT and verdict.evidence != "false-friend":
                        wrong.append(f"{word}->{form}")
    assert checked > 25_000
    assert wrong == ["din->diner"]


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("tease", "teaser", "TEASER is TEASE + R: same stem"),
        ("tease", "eaters", "EATERS is TEASE + R: different stem"),
        ("act", "cat", "CAT only rearranges ACT"),
        ("ride", "tiles", "does not use every letter"),
        ("happy", "unhappy", "its opposite"),
        ("tractor", "extractor", "both are built on TRACT"),
        ("corn", "corner", "only looks like CORN + ER"),
    ],
)
def test_reasons_a_player_can_read(old: str, new: str, reason: str) -> None:
    assert reason in judge(old, new).reason


def test_a_word_lemminflect_does_not_know_is_a_form_only_where_the_guess_inflects_back() -> None:
    """lemminflect's rules guess a lemma for any word; FREESIA is no form of FREE, CARINA none of CAR."""
    assert lemmas("freesia") == {"freesia"} and lemmas("carina") == {"carina"}
    assert "blorp" in lemmas("blorps") and "zap" in lemmas("zapping")
    for old, new in [("free", "freesia"), ("car", "carina"), ("dash", "dashiki")]:
        assert judge(old, new).evidence != "inflection", (old, new)


def test_a_curated_false_friend_outweighs_a_form_and_carries_to_its_derivatives() -> None:
    """NUMBER is NUMB's comparative to lemminflect, but a word of its own (Latin numerus); FLATTERY
    is FLATTER + Y, so FLATTER's origin decides it. NEEDLESS is NEED + LESS, not NEEDLE + ESS."""
    number = judge("numb", "number")
    assert number.verdict is Verdict.DIFFERENT and number.evidence == "false-friend", number.reason
    flattery = judge("flat", "flattery")
    assert flattery.verdict is Verdict.DIFFERENT and "FLATTERY is FLATTER + Y" in flattery.reason
    assert judge("need", "needless").verdict is Verdict.SAME
    assert judge("flat", "flatten").verdict is Verdict.SAME


def test_confidence_is_a_probability() -> None:
    for old, new in [("tease", "teaser"), ("corn", "corner"), ("tease", "eaters"), ("act", "cat")]:
        assert 0.5 <= judge(old, new).confidence <= 1.0


def test_referee_overrides_win_and_persist(tmp_path: Path) -> None:
    path = tmp_path / "overrides.sqlite3"
    store = OverrideStore(path)
    store.rule("port", "report", allowed=False, note="same Latin root")
    store.rule("tease", "teaser", allowed=True)
    store.close()

    reopened = OverrideStore(path)
    referee_judge = StemJudge(default_links(), reopened)
    assert referee_judge.judge("port", "report").verdict is Verdict.SAME
    assert referee_judge.judge("tease", "teaser").verdict is Verdict.DIFFERENT
    assert referee_judge.judge("tease", "teaser").evidence == "override"
    reopened.remove("tease", "teaser")
    assert referee_judge.judge("tease", "teaser").verdict is Verdict.SAME


def test_a_ruling_reaches_the_verdicts_built_on_its_pair(referee: Referee) -> None:
    """TARMAC is judged by TARMACADAM, the word it was clipped from: a ruling that TAR ->
    TARMACADAM is allowed reaches TARMAC at once (a verdict worked out before is not kept), and
    an undo of the ruling takes it back."""
    game = load_game([Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"]})], referee)
    assert game.referee.judge.judge("tar", "tarmac").verdict is Verdict.SAME
    game.push(Event("ruling", {"old": "TAR", "new": "TARMACADAM", "allowed": True}))
    assert game.referee.judge.judge("tar", "tarmac").verdict is Verdict.DIFFERENT
    game.undo_to(1)
    assert game.referee.judge.judge("tar", "tarmac").verdict is Verdict.SAME


def test_override_needs_a_real_steal(tmp_path: Path) -> None:
    store = OverrideStore(tmp_path / "o.sqlite3")
    with pytest.raises(ValueError, match="nothing to rule on"):
        store.rule("act", "cat", allowed=True)
    assert len(store) == 0


# --- issue 15, section 1: compounds, productive affixes, false friends ---------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [("book", "bookcase"), ("water", "waterfall"), ("head", "headspring"), ("craft", "craftsman"),
     ("sea", "seaside"), ("shell", "seashell"), ("farm", "farmhouse"), ("butter", "buttermilk")],
)  # fmt: skip
def test_a_compound_that_keeps_the_old_word_is_the_same_stem_by_default(old: str, new: str) -> None:
    """ "You cannot steal a word by making it into ... [an]other derivative of the same word";
    HEAD + GRIPS + N -> HEADSPRING is refused because it keeps HEAD (Dictionary, Please!)."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason
    assert verdict.evidence == "compound", verdict.reason
    assert "a compound keeps" in verdict.reason


@pytest.mark.parametrize(
    ("old", "new", "parts"),
    [("keep", "housekeeper", "HOUSE + KEEP + ER"), ("sell", "bookseller", "BOOK + SELL + ER"),
     ("make", "troublemaker", "TROUBLE + MAKE + ER (final E dropped)"), ("fight", "firefighter", "FIRE + FIGHT + ER"),
     ("keep", "bookkeeping", "BOOK + KEEP + ING"), ("wash", "dishwasher", "DISH + WASH + ER"),
     ("mock", "mockingbird", "MOCKING + BIRD"), ("fall", "crestfallen", "CREST + FALLEN"),
     ("finger", "butterfingers", "BUTTER + FINGERS"), ("broke", "housebroken", "HOUSE + BROKEN")],
)  # fmt: skip
def test_a_compound_of_a_word_and_a_derivative_of_the_old_word_keeps_it(old: str, new: str, parts: str) -> None:
    """A word + OLD with a suffix is a compound of OLD's own derivative (SELLER from SELL). Where
    no shape shows it (MOCKINGBIRD is no MOCK + anything), NEW's etymology may: "mocking + bird",
    and MOCKING is a form of MOCK. Refused by default, allowed by the house rule for compounds."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and verdict.evidence == "compound", verdict.reason
    assert parts in verdict.reason
    allowing = StemJudge(default_links(), compounds_allowed=True).judge(old, new)
    assert allowing.verdict is Verdict.DIFFERENT and "house rules allow" in allowing.reason


@pytest.mark.parametrize(
    ("old", "new", "parts"),
    [("graphic", "geographic", "GEO + GRAPHIC"), ("physical", "metaphysical", "META + PHYSICAL"),
     ("append", "appendectomy", "APPEND + ECTOMY"), ("music", "musicologist", "MUSIC + OLOGIST"),
     ("ocean", "oceanographer", "OCEAN + OGRAPHER"), ("amber", "amberoid", "AMBER + OID")],
)  # fmt: skip
def test_a_learned_affix_goes_on_a_word_of_five_letters_or_more(old: str, new: str, parts: str) -> None:
    """GEO + GRAPHIC and MUSIC + OLOGIST are learned affixes on a word; LOG in BIOLOGIST, CUT in
    ELECTROCUTION and CART in CARTOGRAPHY are chance."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and verdict.evidence == "affix" and parts in verdict.reason, verdict.reason
    for short, word in (("log", "biologist"), ("cut", "electrocution"), ("cart", "cartography")):
        assert judge(short, word).verdict is Verdict.DIFFERENT, (short, word)


def test_a_word_ending_in_a_hiss_takes_es_so_no_word_is_it_plus_s() -> None:
    """DISCUS + S would be DISCUSES: DISCUSS is no form of DISCUS, so the curated DISC -> DISCUS
    does not carry to it."""
    verdict = judge("disc", "discuss")
    assert verdict.verdict is Verdict.DIFFERENT and "DISCUS +" not in verdict.reason, verdict.reason
    assert judge("disc", "discs").verdict is Verdict.SAME


@pytest.mark.parametrize(
    ("old", "new", "sign"),
    [("chimp", "chimpanzee", "WordNet gives it the same meaning"), ("whim", "whimsical", "WordNet relates"),
     ("sheath", "sheathe", "WordNet relates"), ("sooth", "soothe", "Webster's etymology of SOOTHE names SOOTH"),
     ("berry", "cranberry", "WordNet makes CRANBERRY a kind of BERRY"),
     ("pin", "tenpin", "WordNet makes TENPIN a kind of PIN")],
)  # fmt: skip
def test_a_word_that_keeps_the_old_word_whole_with_a_sign_of_it_and_no_other_origin_keeps_it(
    old: str, new: str, sign: str
) -> None:
    """No affix or word around OLD, so no shape; but nothing shows another origin, and WordNet or
    Webster gives a sign that OLD is in it: the default, SAME, stands, with a low confidence. A
    short OLD needs more (ONE is in PIONEER's gloss by chance): only NEW being a kind of OLD
    that ends it (TENPIN, a pin) is a sign for it; a numbered homograph in Webster
    ("See 1st {Hatch}") or a word in an older English is no sign."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and sign in verdict.reason, verdict.reason
    assert "keeps" in verdict.reason and verdict.confidence == 0.6
    assert judge("one", "pioneer").verdict is Verdict.DIFFERENT
    assert judge("hatch", "hatchet").verdict is Verdict.DIFFERENT
    assert judge("under", "thunder").verdict is Verdict.DIFFERENT  # "OE. thunder, AS. thunor": older English forms


@pytest.mark.parametrize(
    ("old", "new"),
    [("boar", "blackboard"), ("mast", "headmaster"), ("wee", "ragweed"), ("trend", "heartrending"),
     ("full", "carefully"), ("rain", "unrestrained"), ("stern", "westerner")],
)  # fmt: skip
def test_a_word_that_only_looks_like_a_compound_of_a_derivative_is_no_compound(old: str, new: str) -> None:
    """BOARD is not BOAR + D, nor MASTER MAST + ER (WordNet does not derive them through a common
    sense), nor WEED WEE + D; HEARTRENDING parts into words twice (HEART + RENDING); CAREFULLY is
    CAREFUL + LY; RAINED and STERNER are forms, not derivatives."""
    verdict = judge(old, new)
    assert not (verdict.evidence == "compound" and verdict.verdict is Verdict.SAME), verdict.reason


def test_the_house_rule_allows_compounds_and_nothing_else() -> None:
    allowing = StemJudge(default_links(), compounds_allowed=True)
    for old, new in [("book", "bookcase"), ("water", "waterfall"), ("head", "headspring"), ("craft", "craftsman")]:
        verdict = allowing.judge(old, new)
        assert verdict.verdict is Verdict.DIFFERENT, verdict.reason
        assert verdict.evidence == "compound" and "house rules allow" in verdict.reason
    for old, new in [("book", "books"), ("jump", "jumpy"), ("cook", "overcook"), ("kind", "unkind")]:
        assert allowing.judge(old, new).verdict is Verdict.SAME, (old, new)
    assert StemJudge(default_links()).compounds_allowed is False
    ours = default_evidence()
    primrose = {("rose", "primrose"): "PRIMROSE is Old French primerose, first rose"}
    curated = StemEvidence(wordnet_words=ours.wordnet_words, webster=ours.webster, relatives=primrose)
    assert StemJudge(default_links(), evidence=curated).judge("rose", "primrose").evidence == "relative"
    allowed = StemJudge(default_links(), compounds_allowed=True, evidence=curated).judge("rose", "primrose")
    assert allowed.verdict is Verdict.DIFFERENT and allowed.evidence == "compound", allowed.reason


@pytest.mark.parametrize(
    ("old", "new"),
    [("jump", "jumpy"), ("drink", "drinkable"), ("boy", "boyish"), ("nest", "nestle"), ("rock", "rocky"),
     ("fix", "fixable"), ("wolf", "wolfish"), ("fizz", "fizzle"), ("prick", "prickle"), ("bank", "banker"),
     ("mad", "madness"), ("bold", "boldly"), ("joy", "joyful"), ("fear", "fearless"), ("enjoy", "enjoyment"),
     ("organ", "organist"), ("terror", "terrorism"), ("symbol", "symbolize"), ("martyr", "martyrdom"),
     ("read", "reread"), ("fold", "unfold"), ("arm", "disarm"), ("trust", "mistrust"), ("act", "actress"),
     ("sculpt", "sculptress"), ("graphic", "geographic"), ("phobia", "hydrophobia"), ("static", "thermostatic")],
)  # fmt: skip
def test_a_real_base_with_a_productive_affix_is_the_same_stem(old: str, new: str) -> None:
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason


@pytest.mark.parametrize(
    ("old", "new", "affix"),
    [("dis", "dismount", "prefix DIS-"), ("pro", "protest", "prefix PRO-"),
     ("inter", "intercity", "prefix INTER-"), ("inter", "intermix", "prefix INTER-"),
     ("less", "fearless", "suffix -LESS"), ("ness", "kindness", "suffix -NESS"),
     ("ability", "washability", "suffix -ABILITY")],
)  # fmt: skip
def test_a_word_that_is_also_a_bound_affix_is_only_the_affix_there(old: str, new: str, affix: str) -> None:
    """The prefix INTER- (between) is not the verb INTER (to bury), nor -LESS the word LESS."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.DIFFERENT and f"only the {affix}" in verdict.reason, verdict.reason


def test_ress_is_the_feminine_of_an_agent_only() -> None:
    """-RESS is -ESS on an agent's -OR or -ER (ACTOR, SCULPTOR): PROGRESS is no PROG + RESS."""
    assert judge("act", "actress").evidence == "affix"
    assert judge("prog", "progress").verdict is Verdict.DIFFERENT


@pytest.mark.parametrize(
    ("old", "new"),
    [("would", "wouldst"), ("did", "didst"), ("can", "canst"), ("has", "hast"), ("among", "amongst"),
     ("vary", "variety"), ("gay", "gaiety"), ("sober", "sobriety"), ("proper", "propriety")],
)  # fmt: skip
def test_old_and_after_i_endings_keep_the_stem(old: str, new: str) -> None:
    """The old second person in -ST (-T after S) of the auxiliaries, and -ETY, -ITY's form after a
    Y or ER turned to I, are suffixes: WOULDST, HAST, VARIETY, SOBRIETY."""
    assert judge(old, new).verdict is Verdict.SAME, judge(old, new).reason


@pytest.mark.parametrize(
    ("old", "new"),
    [("boa", "boast"), ("fir", "first"), ("lea", "least"), ("crotch", "crotchety"), ("pi", "piety"),
     ("rick", "rickety")],
)  # fmt: skip
def test_narrow_endings_go_only_where_they_belong(old: str, new: str) -> None:
    """-ST is no suffix on a noun (BOAST, FIRST), nor -ETY on a word that keeps its end (PIETY)."""
    assert judge(old, new).verdict is Verdict.DIFFERENT, judge(old, new).reason


def test_a_y_adjective_no_list_inflects_still_carries_its_stem() -> None:
    """CHIRPIER is CHIRPY + ER though lemminflect knows neither; WordNet defines CHIRPY. PANNIER
    and SOLDIER are no PANNY or SOLDY + ER: no dictionary has those. (Without the curated
    relatives, which name CHIRPIER of their own.)"""
    evidence = copy.copy(default_evidence())
    evidence.relatives = {}
    bare = StemJudge(default_links(), evidence=evidence)
    assert bare.judge("chirp", "chirpier").verdict is Verdict.SAME, bare.judge("chirp", "chirpier").reason
    assert bare.judge("cheek", "cheekiness").verdict is Verdict.SAME
    assert bare.judge("pan", "pannier").verdict is Verdict.DIFFERENT
    assert bare.judge("sold", "soldier").verdict is Verdict.DIFFERENT


@pytest.mark.parametrize(
    ("old", "new"),
    [("flavor", "flavored"), ("anguish", "anguished"), ("string", "stringed"), ("meow", "meowing"),
     ("woodwork", "woodworking"), ("basic", "basics"), ("dramatic", "dramatics"), ("writing", "writings"),
     ("overprice", "overpriced")],
)  # fmt: skip
def test_a_regular_form_lemminflect_does_not_list_keeps_the_stem(old: str, new: str) -> None:
    """lemminflect knows FLAVORED, BASICS, MEOWING as words of their own and does not list them
    among OLD's forms; the regular spelling rules make them of OLD all the same."""
    assert judge(old, new).verdict is Verdict.SAME, judge(old, new).reason


@pytest.mark.parametrize(
    ("old", "new"),
    [("bran", "brand"), ("mod", "modest"), ("hone", "honest"), ("fore", "forest"), ("asses", "assess"),
     ("dives", "divest"), ("tub", "tubed"), ("temp", "tempest"), ("needles", "needless"), ("she", "shed")],
)  # fmt: skip
def test_an_ending_the_rules_would_not_write_is_chance(old: str, new: str) -> None:
    """BRAN + D and MOD + EST are not how the rules spell a form (BRANNED, MODDEST), HONE takes
    no -EST, FORE no comparison, ASSES and DIVES are forms already, TUB's past is TUBBED, and a word
    of three letters makes forms by chance (SHE + D)."""
    assert judge(old, new).verdict is Verdict.DIFFERENT, judge(old, new).reason


@pytest.mark.parametrize(
    ("old", "new"),
    [("graph", "seismograph"), ("graph", "mimeograph"), ("scope", "kaleidoscope"), ("scope", "stethoscope"),
     ("phone", "xylophone"), ("mania", "kleptomania"), ("phobia", "claustrophobia"), ("meter", "barometer")],
)  # fmt: skip
def test_a_learned_compound_keeps_the_word_its_second_element_is(old: str, new: str) -> None:
    """GRAPH, SCOPE, PHONE are the same words as the learned -GRAPH, -SCOPE, -PHONE: after any first
    element and its combining vowel (SEISM-O-, KALEID-O-) they keep OLD's stem."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and "learned compound" in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("old", "new"), [("dress", "hairdresser"), ("tend", "goaltender"), ("blow", "snowblower"), ("catch", "dogcatcher")]
)
def test_a_compound_of_a_verbs_agent_keeps_the_verb(old: str, new: str) -> None:
    """HAIR + DRESS + ER: DRESSER is DRESS's agent, whatever else WordNet makes of it (a cupboard);
    MAST (a noun) still takes no agent in HEADMASTER (the test above)."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and verdict.evidence == "compound", verdict.reason


@pytest.mark.parametrize(("old", "new"), [("post", "posthaste"), ("post", "postcode"), ("ship", "airship")])
def test_a_word_that_is_also_an_affix_is_the_word_where_the_etymology_names_it(old: str, new: str) -> None:
    """POST- (after) and -SHIP are affixes, but POSTHASTE is English post (a courier) + haste and
    AIRSHIP air + ship, as Wiktionary records: compounds of the word. Not a Latin prefix, which a
    record also writes as a part (SUBSPACE: sub- + space), nor where no record names the word."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and verdict.evidence == "compound", verdict.reason
    for old, new in [("sub", "subspace"), ("post", "postwar"), ("post", "postdate"), ("able", "eatable")]:
        assert judge(old, new).verdict is Verdict.DIFFERENT, judge(old, new).reason


def test_medical_endings_are_learned_suffixes() -> None:
    """-IASIS and -OSIS, like -ITIS, on a word of five letters or more: ELEPHANTIASIS, PSYCHOSIS; not
    on a shorter one, where they are mostly chance (LORD, LORDOSIS)."""
    assert judge("elephant", "elephantiasis").verdict is Verdict.SAME
    assert judge("psych", "psychosis").verdict is Verdict.SAME
    assert judge("lord", "lordosis").verdict is Verdict.DIFFERENT


def test_form_is_a_learned_second_element_only_after_i() -> None:
    """-IFORM is Latin -formis (CUNEIFORM); CHLOROFORM is CHLORO + FORMYL (formic acid, Latin
    formica): no learned compound on FORM."""
    assert judge("form", "chloroform").verdict is Verdict.DIFFERENT
    assert judge("gram", "grogram").verdict is Verdict.DIFFERENT  # GRO- is no learned element: French grosgrain


def test_a_record_of_a_compound_holds_the_word_of_a_plural() -> None:
    """Wiktionary's OUTSMART is OUT + SMART: it holds OUTS's word, OUT, as UP + SHOT holds UPS's, so
    the record says nothing against the compound; SUBSPACE's SUB + SPACE holds only a bound prefix.
    (Without the curated relatives.)"""
    evidence = copy.copy(default_evidence())
    evidence.relatives = {}
    bare = StemJudge(default_links(), evidence=evidence)
    for old, new in [("outs", "outsmart"), ("ups", "upshot"), ("offs", "offshoot")]:
        assert bare.judge(old, new).verdict is Verdict.SAME, bare.judge(old, new).reason
    assert bare.judge("subs", "subspace").verdict is Verdict.DIFFERENT
    assert bare.judge("ins", "instep").verdict is Verdict.DIFFERENT


@pytest.mark.parametrize(("old", "new"), [("pleas", "unpleasant"), ("posses", "possession"), ("den", "density")])
def test_no_derivational_suffix_follows_a_plural(old: str, new: str) -> None:
    """UNPLEASANT is no UN + PLEAS + ANT nor PLEA + S + ANT, POSSESSION no POSSES + ION, DENSITY no
    DENS (DEN's plural) + ITY: a plural takes no suffix but a compound's (SALESMAN, CRAFTSMAN)."""
    assert judge(old, new).verdict is Verdict.DIFFERENT, judge(old, new).reason
    assert judge("sales", "salesman").verdict is Verdict.SAME
    assert judge("craft", "craftsman").verdict is Verdict.SAME


def test_two_etymologies_that_refer_to_one_word_meet() -> None:
    """VARY's "See {Various}" and VARIETY's "See {Various}" meet at VARIOUS, though L. varietas
    and L. variare share only four letters."""
    webster = default_evidence().webster
    assert webster.meeting({"vary"}, {"variety"}) == ("various", "various")
    assert not webster.apart({"vary"}, {"variety"})


@pytest.mark.parametrize(
    ("old", "new", "change"),
    [("love", "lovable", "E dropped"), ("drive", "drivable", "E dropped"), ("happy", "happily", "Y to I"),
     ("easy", "easily", "Y to I"), ("top", "topple", "doubled"), ("jog", "joggle", "doubled"),
     ("sun", "sunny", "doubled"), ("fog", "foggy", "doubled")],
)  # fmt: skip
def test_spelling_changes_keep_the_stem(old: str, new: str, change: str) -> None:
    assert judge(old, new).verdict is Verdict.SAME, (old, new, change)


@pytest.mark.parametrize(
    ("old", "new", "evidence", "names"),
    [
        ("butt", "butter", "false-friend", "butyrum"),
        ("pump", "pumpkin", "false-friend", "pompon"),
        ("corn", "corner", "false-friend", "cornere"),
        ("ham", "hammer", "false-friend", "hamor"),
        ("ear", "earth", "false-friend", "eorthe"),
        ("car", "carpet", "etymology", "carpite"),
        ("sea", "season", "etymology", "satio"),
        ("lid", "solid", "etymology", "solid"),
        ("hat", "hatred", "derivation-record", "from HATE"),
        ("less", "hopeless", "affix", "only the suffix"),
        ("fir", "fired", "rearrangement", "a form of FIRE"),
        ("league", "colleague", "meaning", "Latin collega"),
        ("parade", "paradise", "meaning", "share nothing"),
    ],
)
def test_only_looks_like_needs_positive_evidence_and_names_it(old: str, new: str, evidence: str, names: str) -> None:
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.DIFFERENT, verdict.reason
    assert verdict.evidence == evidence, verdict.reason
    assert names in verdict.reason


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("answer", "unanswered"),
        ("author", "authorize"),
        ("under", "underrate"),
        ("eater", "eatery"),
        ("jog", "joggle"),
        ("fizz", "fizzle"),
    ],
)
def test_meanings_that_share_nothing_need_no_sign_of_a_shared_origin(old: str, new: str) -> None:
    """WordNet relates none of these pairs, yet each shows a sign the base is there: a prefix on a
    form of OLD, records that meet, a compound reading, a record deriving both from EAT, a word
    of their definitions in common (SHAKE), no etymology record of FIZZLE. Any sign, or a missing
    record, keeps the default: the same stem."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason
    assert verdict.evidence == "affix", verdict.reason


@pytest.mark.parametrize(("old", "new"), [("dab", "dabble"), ("mass", "massive")])
def test_a_record_that_differs_only_by_language_or_stage_keeps_the_stem(old: str, new: str) -> None:
    """DABBLE is Middle Dutch dabbelen (dabb + the frequentative -elen), DAB Middle English dabben;
    MASSIVE is Middle French massif (mass + -if), MASS Anglo-Norman masse: the records say NEW is
    OLD with the same suffix in the language it came from, so they are no evidence against it."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason
    assert verdict.evidence in ("affix", "wordnet"), verdict.reason  # MASSIVE: "consisting of great mass"


def test_a_derivation_record_of_a_homograph_gives_way_to_the_etymology() -> None:
    """Wiktionary (MorphyNet) derives FLOWER from FLOW + ER and TOWER from TOW + ER; their own
    records say Anglo-Norman flur and Old French tour, which never meet FLOW's and TOW's."""
    for old, new, origin in [("flow", "flower", "flur"), ("tow", "tower", "tour")]:
        verdict = judge(old, new)
        assert verdict.verdict is Verdict.DIFFERENT, verdict.reason
        assert verdict.evidence == "etymology" and origin in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("old", "new"),
    [("act", "actor"), ("pot", "potter"), ("view", "review"), ("take", "mistake"), ("ease", "disease"),
     ("sick", "sickly"), ("murder", "murderess"), ("recognize", "recognizance"), ("man", "superman")],
)  # fmt: skip
def test_a_derivation_record_stands_when_the_records_may_meet(old: str, new: str) -> None:
    """Borrowed forms of a derivative are spelt otherwise (Latin actor, acta; Old French potier,
    pot; Old Norse mistaka, taka; Middle English seekly, sik; morderes): the record stands."""
    assert judge(old, new).verdict is Verdict.SAME, judge(old, new).reason


@pytest.mark.parametrize(
    ("old", "new", "origin"),
    [("don", "donkey", "dun"), ("par", "parrot", "Pierrot"), ("nap", "napkin", "nape"), ("gag", "gaggle", "imitative")],
)
def test_webster_gives_an_origin_that_never_meets_the_old_word(old: str, new: str, origin: str) -> None:
    """Wiktionary's records say nothing here; Webster (GCIDE) gives NEW an origin of its own:
    DONKEY "prob. dun + a dim. termination", PARROT "F. Pierrot", NAPKIN "dim. of OF. nape"."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.DIFFERENT, verdict.reason
    assert verdict.evidence == "etymology" and "Webster" in verdict.reason and origin in verdict.reason


@pytest.mark.parametrize(
    ("old", "new"),
    [("love", "lovely"), ("top", "topple"), ("jog", "joggle"), ("dab", "dabble"), ("nest", "nestle"),
     ("king", "kingdom"), ("act", "actor"), ("tract", "extract"), ("mass", "massive")],
)  # fmt: skip
def test_webster_keeps_the_stem_where_its_etymology_meets_the_old_word(old: str, new: str) -> None:
    """Webster's own reading, asked directly (the judge may decide these pairs on other evidence
    first): AS. luflic holds lufu (LOVE's Old English form), TOPPLE is "from Top", DABBLE "freq. of
    dab", KINGDOM AS. cyningdom, MASSIVE F. massif (MASS F. masse), EXTRACT L. extrahere (TRACT
    L. trahere)."""
    webster = default_evidence().webster
    assert webster.meeting({old}, {new}) is not None
    assert not webster.apart({old}, {new})
    assert judge(old, new).verdict is Verdict.SAME, judge(old, new).reason


def test_a_compound_webster_makes_in_english_keeps_the_old_word() -> None:
    """HAILSTONE has no etymology in Webster and is divided HAIL-STONE; Wiktionary's only record of
    HAIL is Old Norse heill, the greeting, which would otherwise say their origins never meet."""
    assert default_evidence().webster.made_in_english({"hail"}, {"hailstone"})
    verdict = judge("hail", "hailstone")
    assert verdict.verdict is Verdict.SAME and verdict.evidence == "compound", verdict.reason


@pytest.mark.parametrize(
    ("old", "new", "source"),
    [("nut", "nutmeg", "Webster"), ("shire", "sheriff", "Webster"), ("bow", "oxbow", "Wiktionary"),
     ("skull", "numskull", "Wiktionary"), ("gold", "marigold", "Webster")],
)  # fmt: skip
def test_an_etymology_that_names_the_old_word_as_a_part_keeps_the_stem(old: str, new: str, source: str) -> None:
    """No affix or compound shape shows it (NUTMEG is not NUT + MEG, SHERIFF not SHIRE + FF), but
    the etymology names OLD as one of NEW's parts: "note nut + OF. muge musk", "scir a shire +
    gerefa a reeve"; Wiktionary lists English ox + bow. Not a rearrangement: the same stem."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason
    assert verdict.evidence == "etymology" and source in verdict.reason, verdict.reason
    assert judge("pen", "penguin").verdict is Verdict.DIFFERENT  # "W. pen head + gwyn white": Welsh PEN


@pytest.mark.parametrize(("old", "new"), [("mure", "immure"), ("cry", "decry")])
def test_an_etymology_naming_the_old_word_outweighs_records_that_never_meet(old: str, new: str) -> None:
    """Wiktionary's records of IMMURE and DECRY never meet MURE's and CRY's in one language stage,
    but Webster's etymology names OLD as a part ("Pref. im- in + mure"): the default stands, and
    the reason says why."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason
    assert f"names {old.upper()}" in verdict.reason


@pytest.mark.parametrize(
    ("old", "new"), [("pack", "packet"), ("form", "formula"), ("man", "woman"), ("cite", "excite")]
)
def test_an_etymology_that_refers_to_the_old_word_keeps_the_stem(old: str, new: str) -> None:
    """Webster refers NEW to OLD, bare: PACKET "F. paquet, ... from the same source as E. pack.
    See {Pack}", FORMULA "dim. of forma form ... See {Form}, n.", EXCITE "... cf. OF. esciter,
    F. exciter. See {Cite}" (a reference after a comparison still counts). The judge says so
    unless a curated relative (EXCITE) spoke first."""
    assert default_evidence().webster.refers(old, {new}, Glossary().used_as)
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason
    assert verdict.evidence == "relative" or f"refers to {old.upper()}" in verdict.reason, verdict.reason


@pytest.mark.parametrize(("old", "new"), [("high", "height"), ("day", "daisy"), ("three", "thirteen")])
def test_an_english_etymology_refers_to_the_old_word_even_where_new_does_not_spell_it(old: str, new: str) -> None:
    """HEIGHT does not spell HIGH in a row, but its one etymology begins in English and refers to
    it ("OE. heighte, ... AS. heahthu, hehthu fr. heah high"; DAISY "AS. daeges-eage ... See
    {Day}"); a Latin one does not count where OLD is not spelt (CHAPEL, Late Latin, "See {Cap}")."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and "English etymology" in verdict.reason, verdict.reason
    assert judge("cap", "chapel").verdict is Verdict.DIFFERENT


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [("bull", "bullet", "a sense: See {Bull} an edict"), ("top", "topple", "a sense: From {Top} summit"),
     ("sum", "summer", "SUMMER the season has an etymology of its own")],
)  # fmt: skip
def test_a_reference_to_a_homograph_is_no_reference(old: str, new: str, why: str) -> None:
    assert not default_evidence().webster.refers(old, {new}), why


@pytest.mark.parametrize(
    ("old", "new", "through"), [("join", "rejoinder", "rejoin"), ("posit", "juxtaposition", "position")]
)
def test_an_etymology_that_refers_to_a_word_of_the_old_stem_keeps_the_stem(old: str, new: str, through: str) -> None:
    """REJOINDER: "From F. rejoindre, inf., to join again. See {Rejoin}", and WordNet makes REJOIN
    RE + JOIN; JUXTAPOSITION refers to POSITION, which WordNet derives from POSIT. No affix shape
    shows either, so the judge follows the reference through the word it names. Not through a
    form (DIVERSE: "See {Divers}", which lemminflect reads as DIVER's plural), nor through a
    reference qualified by a part of speech (COUNTERFEIT: "See {Counter}, adv.", the prefix)."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME, verdict.reason
    assert verdict.evidence == "etymology" and f"refers to {through.upper()}" in verdict.reason, verdict.reason
    assert judge("dive", "diverse").verdict is Verdict.DIFFERENT
    assert judge("count", "counterfeit").verdict is Verdict.DIFFERENT


@pytest.mark.parametrize(
    ("old", "new", "word"), [("rearrange", "prearrange", "ARRANGE"), ("reheat", "preheat", "HEAT")]
)
def test_two_prefixes_on_one_word_keep_its_stem(old: str, new: str, word: str) -> None:
    """REARRANGE is RE + ARRANGE and PREARRANGE PRE + ARRANGE, each made from ARRANGE on the
    judge's evidence: one stem, though neither holds the other's prefix. Not RESENT and PRESENT,
    which only look like SENT's (curated false friends)."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and f"two prefixes on {word}" in verdict.reason, verdict.reason
    assert judge("resent", "present").verdict is Verdict.DIFFERENT


@pytest.mark.parametrize(
    ("old", "new", "names"),
    [("wolf", "aardwolf", "Afrikaans wolf"), ("papa", "papacy", "Latin papa"), ("pie", "magpie", "Old French pie")],
)
def test_a_recorded_origin_spelt_as_the_old_word_keeps_the_stem(old: str, new: str, names: str) -> None:
    """AARDWOLF is Afrikaans aarde (earth) + wolf, PAPACY Medieval Latin papatia from papa, MAGPIE
    Mag + Old French pie: no English shape shows OLD in them, but their records name it, in a
    language OLD's own records may meet. A sign only, not built on: MATTE's French mat (dull)
    makes no MATTER of MAT. A homograph in another language is no such record (PENGUIN's Welsh
    pen, HAGGARD's Middle High German hag), nor an affix's Latin (POSTPARTUM's post)."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and f"names {names}" in verdict.reason, verdict.reason
    assert verdict.confidence < 0.7
    for old, new in [("pen", "penguin"), ("hag", "haggard"), ("post", "postpartum"), ("mat", "matter")]:
        assert judge(old, new).verdict is Verdict.DIFFERENT, (old, new)


def test_a_clipping_is_judged_by_the_word_it_was_clipped_from() -> None:
    """TARMAC is clipped from TARMACADAM (Wiktionary: "clipping of tarmacadam"), TAR + MACADAM:
    TAR's stem, though the letters left after TAR make no word. MAC -> TARMAC stays apart (Irish
    mac), and a record of no longer word changes nothing (CART's Middle English carte)."""
    verdict = judge("tar", "tarmac")
    assert verdict.verdict is Verdict.SAME and "clipped from TARMACADAM" in verdict.reason, verdict.reason
    assert verdict.confidence <= 0.8
    assert judge("mac", "tarmac").verdict is Verdict.DIFFERENT
    assert judge("car", "cart").verdict is Verdict.DIFFERENT


def test_a_prefix_on_a_prefixed_word_keeps_the_stem_of_that_word() -> None:
    """AUTOBIOGRAPHICAL is AUTO + BIOGRAPHICAL, and BIOGRAPHICAL is BIO + GRAPHICAL: two prefixes
    stacked on GRAPHICAL, which no single shape shows. Prefixes of three letters or more only
    (A + BALONE, DE + LIVER make no such word)."""
    verdict = judge("graphical", "autobiographical")
    assert verdict.verdict is Verdict.SAME and "AUTO + BIOGRAPHICAL" in verdict.reason, verdict.reason
    assert judge("one", "abalone").verdict is Verdict.DIFFERENT
    assert judge("live", "deliver").verdict is Verdict.DIFFERENT


def test_a_webster_reference_to_a_short_old_word_at_the_start_counts() -> None:
    """IRATE: "L. iratus, fr. irasci to be angry. See {Ire}." IRE is too short for its letters
    less the E to count anywhere in a word (OD in MELODY), but IRATE begins with them, and its
    etymology refers to IRE: the same stem."""
    verdict = judge("ire", "irate")
    assert verdict.verdict is Verdict.SAME and "refers to IRE" in verdict.reason, verdict.reason


def test_the_same_form_of_two_words_is_judged_by_their_dictionary_forms() -> None:
    """DECAMPED is a form of DECAMP, whose letters are CAMPED's: it was called a bare rearrangement.
    CAMPED is a form of CAMP, and DECAMP is DE + CAMP: the same stem. SILENT -> LISTENED stays a
    rearrangement (SILENT is its own dictionary form), and TIED -> EDITED stays apart (TIE, EDIT)."""
    verdict = judge("camped", "decamped")
    assert verdict.verdict is Verdict.SAME and "CAMPED is CAMP + ED" in verdict.reason, verdict.reason
    assert judge("silent", "listened").verdict is Verdict.DIFFERENT
    assert judge("tied", "edited").verdict is Verdict.DIFFERENT


def test_a_foreign_plural_that_is_a_word_of_its_own_is_judged_as_itself() -> None:
    """lemminflect lists REGALIA as a plural of REGALE beside REGALES, and STAMINA of STAMEN
    beside STAMENS; WordNet defines both as words of their own (emblems of royalty; endurance).
    The judge reads REGALIA as itself, and its etymology refers to REGAL ("L. regalis regal. See
    {Regal}"), not as a form of REGALE. A regular plural (ARTS) and one WordNet lists only as a
    form (CHILDREN) stay forms of their lemma."""
    verdict = judge("regal", "regalia")
    assert verdict.verdict is Verdict.SAME and "REGALE" not in verdict.reason, verdict.reason
    judge_ = default_judge()
    assert judge_._own_plural("regalia", "regale") and judge_._own_plural("stamina", "stamen")
    assert not judge_._own_plural("arts", "art") and not judge_._own_plural("children", "child")


def test_a_reference_to_a_part_of_speech_the_old_word_is_not_or_in_a_comparison_is_none() -> None:
    """PROWESS: "See {Prow}, a.", the adjective (brave); WordNet's PROW is a noun only. And a
    "Cf. {...}" compares, it does not refer."""
    webster = default_evidence().webster
    assert webster.refers("prow", {"prowess"})  # any part of speech: the reference itself is bare
    assert not webster.refers("prow", {"prowess"}, Glossary().used_as)
    made_up = {"pantry": (("pan-try", "OE. pantrie, F. paneterie. See {Pan}.", ""),)}
    assert Webster(made_up).refers("pan", {"pantry"})
    made_up = {"pantry": (("pan-try", "OE. pantrie, F. paneterie. Cf. {Pan}.", ""),)}
    assert not Webster(made_up).refers("pan", {"pantry"})


def test_webster_reads_participles_rare_entries_and_lost_letters() -> None:
    """A participle stands for its verb (INVENT, L. inventus, p. p. of invenire: not VENT's L.
    ventus); an obsolete entry of OLD is left out when OLD has others (here a made-up CUR, "to
    run", L. currere); a form this copy lost (Greek letters, printed ?) means nothing is apart."""
    entries = {
        "vent": (("vent", "F. vent wind, L. ventus.", ""),),
        "invent": (("in-vent", "L. inventus, p. p. of invenire to come upon.", ""),),
        "cur": (("cur", "L. currere to run.", "rare"), ("cur", "AS. cur a dog.", "")),
        "recur": (("re-cur", "L. recurrere; re + currere.", ""),),
        "glyph": (("glyph", "Gr. ? carving.", ""),),
        "glyphic": (("glyph-ic", "Gr. ?.", ""),),
    }
    web = Webster(entries)
    assert web.apart({"vent"}, {"invent"})
    assert web.apart({"cur"}, {"recur"})
    everyday = Webster({**entries, "cur": (("cur", "L. currere to run.", ""),)})
    assert not everyday.apart({"cur"}, {"recur"})
    assert not web.apart({"glyph"}, {"glyphic"})
    assert not web.apart({"zzz"}, {"invent"})  # Webster does not define OLD: nothing to compare
    # a Latin infinitive meets its compound, also where this copy lost the long vowel (torquēre)
    twisted = Webster(
        {
            "tort": (("tort", "F., fr. L. tortus twisted, p. p. of torqure.", ""),),
            "retort": (("re-tort", "L. retortus, p. p. of retorquere; pref. re- + torquere.", ""),),
        }
    )
    assert not twisted.apart({"tort"}, {"retort"})


def test_vendored_webster_is_what_the_script_makes_from_gcide(tmp_path: Path) -> None:
    """companion/data/gcide-etymology.tsv.gz regenerates byte for byte from Debian's dict-gcide
    (system-packages-test.txt: `make test` installs it), and carries its licence notice."""
    if not Path("/usr/share/dictd/gcide.dict.dz").exists():
        skip_or_fail("/usr/share/dictd/gcide.dict.dz is absent: install Debian's dict-gcide (make test does it)")
    out = tmp_path / "gcide.tsv.gz"
    script = ROOT / "scripts" / "export_gcide.py"
    subprocess.run([sys.executable, str(script), "--out", str(out)], check=True, timeout=600)
    assert out.read_bytes() == (ROOT / "companion" / "data" / "gcide-etymology.tsv.gz").read_bytes()
    assert "General Public License" in (ROOT / "companion" / "data" / "GCIDE-NOTICE").read_text()


def test_a_rare_wordnet_sense_is_named_and_does_not_outweigh_the_origin() -> None:
    """BUTTER's only WordNet link to BUTT is "a fighter who strikes the opponent with his head"."""
    link = default_evidence().link("butt", "butter")
    assert link is not None and link[0]  # linked only through a rare sense
    assert judge("butt", "butter").verdict is Verdict.DIFFERENT
    jumpy = judge("jump", "jumpy")  # a rare sense too, but nothing shows another origin
    assert jumpy.verdict is Verdict.SAME and jumpy.evidence == "wordnet"
    assert jumpy.sense.startswith("JUMPY, adjective sense 2")


def test_every_verdict_names_its_evidence_and_a_confidence() -> None:
    pairs = [(r[0], r[1]) for r in read_table(ROOT / "tests" / "data" / "stem-pairs-extra.tsv")]
    pairs += [("book", "bookcase"), ("butt", "butter"), ("car", "carpet"), ("tease", "teaser"), ("act", "cat")]
    for old, new in pairs:
        verdict = judge(old, new)
        assert verdict.evidence in EVIDENCE, (old, new, verdict.evidence)
        assert 0.5 <= verdict.confidence <= 1.0, (old, new)
        assert set(verdict.as_dict()) >= {"verdict", "reason", "confidence", "evidence", "sense"}
    teaser = judge("tease", "teaser")
    assert teaser.evidence == "wordnet" and teaser.sense.startswith("TEASER, noun sense 1")


@pytest.mark.parametrize(
    ("old", "new", "verdict"),
    [
        ("women", "kinswomen", Verdict.SAME),
        ("butts", "butters", Verdict.DIFFERENT),
        ("corns", "corners", Verdict.DIFFERENT),
    ],
)
def test_a_curated_pair_speaks_for_the_same_forms_of_its_words(old: str, new: str, verdict: Verdict) -> None:
    """WOMAN -> KINSWOMAN is a curated relative, BUTT -> BUTTER and CORN -> CORNER curated false
    friends: their plurals go the same way (KINSWOMEN was called a rearrangement, BUTTERS a fighter
    who butts). Not where NEW is itself the curated word: PLEA -> PLEASANT says nothing of PLEAS."""
    assert judge(old, new).verdict is verdict, judge(old, new).reason
    assert judge("pleas", "pleasant").verdict is Verdict.DIFFERENT


def test_the_curated_pairs_are_steals_with_reasons_and_the_judge_follows_them() -> None:
    """False friends (DIFFERENT) and relatives (SAME), each with a reason that begins with NEW or
    the word inside NEW it is built on and names OLD, none in both tables, and the judge rules as
    they say."""
    evidence = default_evidence()
    friends, relatives = evidence.false_friends, evidence.relatives
    assert len(friends) >= 600 and len(relatives) >= 150
    assert not friends.keys() & relatives.keys()
    for table, want in ((friends, Verdict.DIFFERENT), (relatives, Verdict.SAME)):
        for (old, new), reason in table.items():
            assert Letters(old) < Letters(new), (old, new)
            named = reason.split()[0].strip(",").lower()  # NEW, or the word inside it: PRESUME(ABLY)
            assert reason.split()[0].isupper() and (named in new or named[:-1] in new), (old, new, reason)
            assert old.upper() in reason and len(reason) > len(new) + len(old) + 8, (old, new, reason)
            assert judge(old, new).verdict is want, (old, new)


def test_vendored_evidence_is_what_the_script_makes_from_wordnet(tmp_path: Path) -> None:
    """The WordNet tables regenerate byte for byte (the Wiktionary ones need the two packages'
    data files: scripts/export_stem_evidence.py says how)."""
    if not Path("/usr/share/wordnet/index.noun").exists():
        skip_or_fail("/usr/share/wordnet is absent: install Debian's wordnet-base (make does it)")
    script = ROOT / "scripts" / "export_stem_evidence.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, timeout=600)
    for name in ("wordnet-senses.tsv.gz", "wordnet-lemmas.txt.gz", "wordnet-unrelated.tsv.gz"):
        assert (tmp_path / name).read_bytes() == (ROOT / "companion" / "data" / name).read_bytes(), name
    assert "CC BY-SA" in (ROOT / "companion" / "data" / "WIKTIONARY-NOTICE").read_text()


TABLES = ROOT / "tests" / "data"
#: Our held-out tables' names in the tests below, oldest first.
HELD_OUT_IDS = list(FIGURES)
#: Each table's file name, oldest first: a table is apart from all those before it.
EARLIER = [f"stem-pairs-{name}.tsv" for name in HELD_OUT_IDS]


@pytest.mark.parametrize(
    ("table", "earlier", "kinds"),
    [
        (TABLES / name, ("stem-pairs-extra.tsv", *EARLIER[:n]), "anagram" if n == 0 else "lookalike")
        for n, name in enumerate(EARLIER)
    ],
    ids=HELD_OUT_IDS,
)
def test_each_held_out_table_was_written_apart(table: Path, earlier: tuple[str, ...], kinds: str) -> None:
    """Ours, each written (and committed on its own) before the judge ran on it, as its header says:
    no pair from an earlier table (nor from the curated false friends: the test above); every class there."""
    header = " ".join(line.lstrip("#").strip() for line in table.read_text().splitlines() if line.startswith("#"))
    assert "BEFORE the judge was run" in header
    rows = read_table(table)
    assert len(rows) >= 150
    pairs = {(r[0], r[1]) for r in rows}
    assert not pairs & {(r[0], r[1]) for name in earlier for r in read_table(TABLES / name)}
    classes = {r[4].split(";")[0].split()[0] for r in rows}
    assert classes == {"compound", "affix", "false-friend", kinds, "inflection", "not-a-steal"}
    assert all(Letters(o) < Letters(n) for o, n, want, _, _ in rows if want is not Verdict.NOT_A_STEAL)


def test_every_table_of_ours_has_its_figures() -> None:
    """A new table joins the figures above (and so the two tests below) when it is added."""
    on_disk = {
        path.name.removeprefix("stem-pairs-").removesuffix(".tsv") for path in TABLES.glob("stem-pairs-hold*.tsv")
    }
    assert on_disk | {"heldout"} == set(FIGURES)


@pytest.mark.parametrize(
    ("table", "floor", "illegal_at_most"),
    [(TABLES / f"stem-pairs-{name}.tsv", floor, illegal) for name, (floor, illegal) in FIGURES.items()],
    ids=HELD_OUT_IDS,
)
def test_each_held_out_table_scores_its_reported_figures(table: Path, floor: float, illegal_at_most: int) -> None:
    """The figures docs/word-knowledge.md reports (benchmarks/stem_tables.py prints them per class):
    a floor, so a change that loses pairs fails, and a ceiling on illegal steals allowed."""
    rows = read_table(table)
    got = {(o, n): judge(o, n).verdict for o, n, _, _, _ in rows}
    illegal = [f"{o}->{n}" for o, n, want, _, _ in rows if want is Verdict.SAME and got[(o, n)] is Verdict.DIFFERENT]
    score, wrong = accuracy(rows)
    assert score >= floor, wrong
    assert len(illegal) <= illegal_at_most, illegal


@pytest.mark.parametrize(
    ("old", "new", "root"), [("eject", "deject", "JECT"), ("evolve", "revolve", "VOLVE"), ("edict", "predict", "DICT")]
)
def test_two_latin_prefixes_on_one_bound_root_are_one_origin(old: str, new: str, root: str) -> None:
    """EJECT and DEJECT are E- and DE- on Latin jacere's JECT: "any words having the same origin"
    (the Dictionary, Please! text's EX-, DE- and CON-TRACTOR). Only on a root no word of its own,
    that begins as a syllable does and that three prefixes or more take among the known words:
    EGRET and REGRET (GRET: two), EARTH and DEARTH (ARTH), ENTICE and APPRENTICE (NTICE) share
    nothing."""
    verdict = judge(old, new)
    assert verdict.verdict is Verdict.SAME and f"both are built on {root}" in verdict.reason, verdict.reason
    for old, new in [("egret", "regret"), ("earth", "dearth"), ("entice", "apprentice"), ("resent", "present")]:
        assert judge(old, new).verdict is Verdict.DIFFERENT, (old, new)


def test_the_feminine_ess_drops_the_e_of_er() -> None:
    """-ESS on a word in -ER drops its E (WAITER, WAITRESS; LAUNDER, LAUNDRESS: "a working woman who
    takes in washing"), where WordNet's first noun sense names a woman or a female: not a word that
    only ends so (BUTTER, BUTTRESS; CONGER, CONGRESS; SUNDER, SUNDRESS)."""
    verdict = judge("launder", "laundress")
    assert verdict.verdict is Verdict.SAME and "E of -ER dropped" in verdict.reason, verdict.reason
    for old, new in [("butter", "buttress"), ("conger", "congress"), ("sunder", "sundress"), ("supper", "suppress")]:
        assert judge(old, new).verdict is Verdict.DIFFERENT, (old, new)


def test_tra_is_trans_before_a_consonant() -> None:
    """TRAVERSE is Latin transversus, TRA- being TRANS- before V (TRADUCE, TRAVESTY): VERSE's stem,
    as TRANSVERSE is."""
    verdict = judge("verse", "traverse")
    assert verdict.verdict is Verdict.SAME and "TRA + VERSE" in verdict.reason, verdict.reason
    assert judge("verse", "transverse").verdict is Verdict.SAME


def test_a_record_that_parts_new_where_old_would_end_it_names_another_base() -> None:
    """SINGABLE is SING + ABLE, Wiktionary says, not SINGE + ABLE (E dropped): the record parts the
    word where OLD's shape would, on another word that is not OLD's (48th table, SEVERE ->
    SEVERABLE before it). A word OLD is the record's own (SWARTH, SWART's) stays SAME, and so does
    a shape the record agrees with (SING -> SINGABLE)."""
    for old, new in [("singe", "singable"), ("severe", "severable")]:
        verdict = judge(old, new)
        assert verdict.verdict is Verdict.DIFFERENT and verdict.evidence == "derivation-record", verdict.reason
        assert f"Wiktionary derives {new.upper()} from" in verdict.reason
    for old, new in [("sing", "singable"), ("sever", "severable"), ("swarth", "swarthy")]:
        assert judge(old, new).verdict is Verdict.SAME, (old, new)


def test_number_words_are_words_for_a_compound() -> None:
    """lemminflect knows no number words (NINE, TWELVE); as the other word of a compound they count
    (53rd table: FOLD -> NINEFOLD), short ones not (TEN would part TENANT as TEN + ANT)."""
    assert judge("fold", "ninefold").verdict is Verdict.SAME
    assert judge("fold", "sevenfold").verdict is Verdict.SAME
    assert judge("ant", "tenant").verdict is Verdict.DIFFERENT


def test_ie_turns_to_y_before_ing_under_a_prefix() -> None:
    """TIE, TYING: RETYING is RE + TIE + ING with IE turned to Y (54th table), a word lemminflect
    does not know, so no dictionary form shows it."""
    verdict = judge("tie", "retying")
    assert verdict.verdict is Verdict.SAME and "IE turned to Y" in verdict.reason, verdict.reason


def test_a_learned_compound_on_old_is_not_parted_by_its_record() -> None:
    """CUNEIFORM is CUNEI + FORM, a learned compound on FORM's own Latin word (-FORMIS, FORMA):
    its record in New Latin, which the judge compares with FORM's Latin only loosely, does not
    part them (47th table); nor does HOLOGRAM's record part it from GRAM. A word that only looks
    learned keeps its record's verdict: CHLOROFORM's FORM is formic acid's."""
    for old, new in [("form", "cuneiform"), ("form", "cruciform"), ("gram", "hologram"), ("type", "phenotype")]:
        verdict = judge(old, new)
        assert verdict.verdict is Verdict.SAME and "learned compound" in verdict.reason, (old, new, verdict.reason)
    assert judge("form", "chloroform").verdict is Verdict.DIFFERENT
    assert judge("gram", "grogram").verdict is Verdict.DIFFERENT  # GRO- is no learned element: French grosgrain


def test_a_record_that_parts_new_as_old_and_a_word_of_its_own_is_a_compound() -> None:
    """UNDERWHELM is UNDER + WHELM, Wiktionary says, and WHELM has a record of its own, though
    lemminflect knows no WHELM (58th table); so is COUNTYWIDE COUNTY + WIDE. A record that parts a
    word on a bound affix (RUTHLESS: RUTH + -LESS) or on a learned first element (ERGOSTEROL: ERGO-
    of ergot) makes no compound of the word."""
    for old, new in [("under", "underwhelm"), ("wide", "countywide")]:
        verdict = judge(old, new)
        assert verdict.verdict is Verdict.SAME and verdict.evidence == "compound", (old, new, verdict.reason)
        assert "Wiktionary parts" in verdict.reason
    allowed = StemJudge(default_links(), compounds_allowed=True).judge("under", "underwhelm")
    assert allowed.verdict is Verdict.DIFFERENT and "house rules allow" in allowed.reason
    for old, new in [("less", "ruthless"), ("ergo", "ergosterol"), ("some", "gruesome")]:
        assert judge(old, new).verdict is Verdict.DIFFERENT, (old, new)
    # a short word a record uses as an element of its own (-ON of MUON, MY- of MYASTHENIA), and a
    # word the curated entries part from its compounds (STEP- of STEPMOTHER): no compound either
    for old, new in [("on", "muon"), ("my", "myasthenia"), ("step", "stepbairn")]:
        assert judge(old, new).verdict is Verdict.DIFFERENT, (old, new)
    # a learned second element stays a learned compound, whatever the house rules (HYDROPHOBIA's kind)
    for judged in (judge, StemJudge(default_links(), compounds_allowed=True).judge):
        verdict = judged("phobia", "agoraphobia")
        assert verdict.verdict is Verdict.SAME and "learned compound" in verdict.reason, verdict.reason


def test_the_same_form_of_two_words_is_judged_by_the_words() -> None:
    """VICES and DEVICES are VICE + S and DEVICE + S: DEVICE is Old French devis, not DE + VICE, so
    the plurals differ as the words do (60th table), though DEVICES holds DE + VICES; PITS and
    ARMPITS share PIT as ARMPIT holds it."""
    verdict = judge("vices", "devices")
    assert verdict.verdict is Verdict.DIFFERENT and "VICES is VICE + S and DEVICES is DEVICE + S" in verdict.reason
    assert judge("limes", "sublimes").verdict is Verdict.DIFFERENT
    for old, new in [("pits", "armpits"), ("airs", "airports")]:
        assert judge(old, new).verdict is Verdict.SAME, (old, new, judge(old, new).reason)
    assert judge("tacked", "backtracked").verdict is Verdict.DIFFERENT  # BACK + TRACK holds no TACK


def test_a_usage_label_is_no_origin() -> None:
    """Webster's etymology of PARKY (chilly) is only "British informal", a usage label: no origin
    that could never meet PARK's (62nd table), so PARK + Y stands; nor is "vulgar slang" one."""
    assert judge("park", "parky").verdict is Verdict.SAME
    assert judge("suck", "cocksucker").verdict is Verdict.SAME


def test_old_reaching_into_news_ending_is_not_in_news_word() -> None:
    """COSTING is COST + ING: STING reaches into the ending, and COST holds no STING (60th table);
    so BED is not in BLABBED (BLAB + B + ED), nor RING in BORING. A word + the same ending whose
    word NEW's holds is left to the other rules: PENDING, DEPENDING; FITTING, BEFITTING."""
    for old, new in [("sting", "costing"), ("bed", "blabbed"), ("ring", "coring"), ("owing", "billowing")]:
        verdict = judge(old, new)
        assert verdict.verdict is Verdict.DIFFERENT and verdict.evidence == "inflection", (old, new, verdict.reason)
    for old, new in [("pending", "depending"), ("fitting", "befitting"), ("going", "outgoing")]:
        assert judge(old, new).verdict is Verdict.SAME, (old, new)


def test_a_verdict_names_the_letters_added_where_they_lie() -> None:
    """A prefix is said before the old word and in its own order (a new user read "DETRACTOR is
    TRACTOR + DE" and "CONTRACTOR is TRACTOR + CNO"); letters that only sit around a word by chance
    are said to, not called a rearrangement."""
    judge = default_judge()
    assert judge.judge("tractor", "contractor").reason.startswith("CONTRACTOR is CON + TRACTOR: same stem")
    assert judge.judge("tractor", "detractor").reason.startswith("DETRACTOR is DE + TRACTOR: same stem")
    assert judge.judge("rain", "train").reason == (
        "TRAIN is T + RAIN: different stem (TRAIN holds RAIN by chance: no word or affix the judge knows joins it)"
    )
    assert judge.judge("ride", "glider").reason.startswith("GLIDER is RIDE + GL: different stem (GLIDER rearranges")
