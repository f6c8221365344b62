import type { PublicProfile } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { User } from '../../accounts/user.entity';
import { memberTrustOf, trustSummaryOf } from '../../member-standing/member-trust';
import { NO_RESPONSES, responsivenessOf } from '../../member-standing/responsiveness';

/** Anyone's profile as other members see it. */
export class GetPublicProfile {
  constructor(readonly userId: string) {}
}

const memberNotFound = (): ApplicationError => new ApplicationError('not_found', 'USER_NOT_FOUND', 'Member not found');

/** Names, photo, type, trust, responsiveness and the shareable part of the sailing experience; never contact details. */
@QueryHandler(GetPublicProfile)
export class GetPublicProfileHandler implements IQueryHandler<GetPublicProfile, PublicProfile> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetPublicProfile): Promise<PublicProfile> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw memberNotFound();
    const result = (await memberTrustOf(this.dataSource, [user.id])).get(user.id);
    if (!result) throw memberNotFound();
    const trust = trustSummaryOf(result.trust);
    const responsiveness = (await responsivenessOf(this.dataSource, [user.id], new Date())).get(user.id) ?? NO_RESPONSES;
    const experience = user.sailingExperience;
    return {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      profile_photo_url: user.profilePhotoUrl,
      user_type: user.userType,
      member_since: user.createdAt.toISOString(),
      verification_level: trust.level,
      verification_points: trust.points,
      trust,
      sailing_experience: experience
        ? {
            years_sailing: experience.years_sailing,
            sailing_areas: experience.sailing_areas,
            certifications: experience.certifications,
            informal_description: experience.informal_description,
          }
        : null,
      ...responsiveness,
    };
  }
}
