"""Toy Swap's words in Italian and German (``GameInfo.translations``): its decisions by number, its
catalogue texts (``GameInfo.catalogue_texts``) and its own texts (site.py) by key."""

from __future__ import annotations

from pygame_core.protocol import Translation

TRANSLATIONS: dict[str, Translation] = {
    "it": Translation(
        decisions={
            "T-SW1": "Una carta ceduta in uno scambio va scoperta sugli scarti; la carta presa dal tallone resta coperta.",
            "T-SW2": "Somme uguali si dividono la vittoria.",
            "T-SW3": "Il Lowball in tre dura al massimo due giri, altrimenti il tallone finirebbe.",
        },
        text={
            "toy.label": "Scambio giocattolo",
            "toy.summary": "Due carte coperte a testa; passa o scambia con il tallone; vince la somma migliore.",
            "toy.variant.standard.label": "Normale",
            "toy.option.rounds.label": "Giri",
            "toy.option.rounds.help": "turni per giocatore",
            "toy.variant.standard.summary": "vince la somma più alta",
            "toy.variant.lowball.label": "Al ribasso",
            "toy.variant.lowball.summary": "vince la somma più bassa",
            "toy.values": "Valori: asso 1, dal 2 al 7 il loro numero, fante 8, cavallo 9, re 10.",
        },
    ),
    "de": Translation(
        decisions={
            "T-SW1": "Eine beim Tausch abgegebene Karte kommt offen auf den Ablagestapel; die vom Talon genommene bleibt verdeckt.",
            "T-SW2": "Gleiche Summen teilen sich den Sieg.",
            "T-SW3": "Lowball zu dritt dauert höchstens zwei Runden, sonst ginge der Talon aus.",
        },
        text={
            "toy.label": "Spielzeug-Tausch",
            "toy.summary": "Zwei verdeckte Karten für jeden; passen oder mit dem Talon tauschen; die beste Summe gewinnt.",
            "toy.variant.standard.label": "Normal",
            "toy.option.rounds.label": "Runden",
            "toy.option.rounds.help": "Züge pro Spieler",
            "toy.variant.standard.summary": "die höchste Summe gewinnt",
            "toy.variant.lowball.label": "Lowball",
            "toy.variant.lowball.summary": "die niedrigste Summe gewinnt",
            "toy.values": "Werte: Ass 1, 2 bis 7 ihre Zahl, Bube 8, Dame 9, König 10.",
        },
    ),
}
