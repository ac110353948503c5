"""Maps in other tools' formats: reading them into a campaign, writing a campaign out."""
